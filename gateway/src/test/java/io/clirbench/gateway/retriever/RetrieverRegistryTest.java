package io.clirbench.gateway.retriever;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.search.IndexKind;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.core.search.RetrieverIdException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The registry's keys and grammar (plain JUnit; the Quarkus wiring is covered by RetrieverPlugInTest). */
class RetrieverRegistryTest {

    /** A retriever that only names its kind: the registry never calls retrieve. */
    private record KindOnly(String kind) implements Retriever {
        @Override
        public void retrieve(RetrieverId id, RetrievalTask task) {
            throw new UnsupportedOperationException("not run here");
        }
    }

    @Test
    void retrieversAreFoundByTheKindOfTheId() {
        KindOnly bm25 = new KindOnly("bm25");
        KindOnly dense = new KindOnly("dense");
        RetrieverRegistry registry = new RetrieverRegistry(List.of(dense, bm25), List.of());
        assertThat(registry.of(registry.parse("bm25"))).isSameAs(bm25);
        assertThat(registry.of(registry.parse("m/qdrant"))).isSameAs(dense);
        assertThat(registry.kinds()).containsExactly("bm25", "dense");
        assertThat(new RetrieverRegistry(List.of(bm25), List.of()).find(RetrieverId.dense("m", IndexKind.EXACT))).isEmpty();
        assertThatThrownBy(() -> new RetrieverRegistry(List.of(bm25), List.of()).of(RetrieverId.dense("m", IndexKind.EXACT)))
                .hasMessage("no retriever of kind 'dense' for 'm/exact' (kinds: [bm25])");
    }

    @Test
    void twoRetrieversOfOneKindStopTheStart() {
        assertThatThrownBy(() -> new RetrieverRegistry(List.of(new KindOnly("bm25"), new KindOnly("bm25")), List.of()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("two retrievers of kind 'bm25'");
    }

    @Test
    void syntaxBeansExtendTheBuiltInGrammar() {
        RetrieverRegistry registry = new RetrieverRegistry(List.of(), List.of(new SeededRandomRetriever.Syntax()));
        assertThat(registry.parse("random(3)")).isEqualTo(new io.clirbench.core.testing.RandomRetrieverKind.RandomId(3));
        assertThat(registry.parse("bm25")).isEqualTo(RetrieverId.bm25());
        assertThatThrownBy(() -> registry.parse("random(x)")).isInstanceOf(RetrieverIdException.class)
                .hasMessage("retriever 'random(x)': seed 'x' is not an integer; expected random(SEED) | bm25 | bm25(plain|stem+plain) | "
                        + "MODEL+align/INDEX | MODEL/sparse | MODEL/maxsim | MODEL/INDEX (INDEX: exact, hnsw, qdrant) | "
                        + "fuse(rrf|combsum|combmnz[, k=K|minmax|zscore], A, B, ...) | rerank(A, MODEL, K) | translate(bm25[, PIVOT]) | "
                        + "dt(bm25|bm25(CHAIN), PIVOT)");
    }
}
