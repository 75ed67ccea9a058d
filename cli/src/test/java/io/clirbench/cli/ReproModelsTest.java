package io.clirbench.cli;

import io.clirbench.cli.retrieval.ReproCommand;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The encoders {@code bench repro} starts a local stack with: what each retriever id names, every kind (by hand). */
class ReproModelsTest {

    @Test
    void everyKindNamesItsEncodersAndAPlugInKindNone() {
        assertThat(ReproCommand.models(List.of("bm25", "translate(bm25, en)", "random(7)"))).isEmpty();
        assertThat(ReproCommand.models(List.of("bm25", "a/exact", "b+align/hnsw", "fuse(rrf, bm25, a/exact, c/qdrant)",
                "rerank(bm25, d, 20)", "rerank(random(7), e, 10)"))).containsExactly("a", "b", "c", "d", "e");
    }
}
