package io.clirbench.gateway.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.gateway.retriever.RetrieverPhase;
import org.junit.jupiter.api.Test;

/** The counts inside each phase, for a retriever of 2,880 documents and 1,200 queries (values by hand). */
class PhaseProgressTest {

    private static PhaseProgress of(RetrieverPhase p, int docsEmbedded, int docsIndexed, int queriesEmbedded,
                                    int searched, int published) {
        return PhaseProgress.of(p, 2880, docsEmbedded, docsIndexed, 1200, queriesEmbedded, searched, published);
    }

    @Test
    void eachPhaseCountsItsOwnItems() {
        assertThat(of(RetrieverPhase.QUEUED, 0, 0, 0, 0, 0)).isEqualTo(new PhaseProgress(0, 0, null, "queued"));
        assertThat(of(RetrieverPhase.RUNNING, 0, 0, 0, 0, 0)).isEqualTo(new PhaseProgress(0, 0, null, "starting"));
        assertThat(of(RetrieverPhase.EMBEDDING, 640, 0, 0, 0, 0))
                .isEqualTo(new PhaseProgress(640, 2880, "texts", "embedded 640 / 2880 document texts"));
        assertThat(of(RetrieverPhase.INDEXING, 2880, 1000, 0, 0, 0))
                .isEqualTo(new PhaseProgress(1000, 2880, "documents", "indexed 1000 / 2880 documents"));
        assertThat(of(RetrieverPhase.SEARCHING, 2880, 2880, 1200, 64, 60))
                .isEqualTo(new PhaseProgress(64, 1200, "queries", "searched 64 / 1200 queries"));
        assertThat(of(RetrieverPhase.SEARCHED, 2880, 2880, 1200, 1200, 1100))
                .isEqualTo(new PhaseProgress(1100, 1200, "queries", "published 1100 / 1200 queries"));
        assertThat(of(RetrieverPhase.PUBLISHED, 2880, 2880, 1200, 1200, 1200).percent()).isEqualTo(100.0);
    }

    @Test
    void embeddingCountsQueryTextsOnceEveryDocumentHasItsVector() {
        // a reused collection counts every document at once: the phase then counts the query texts
        assertThat(of(RetrieverPhase.EMBEDDING, 2880, 2880, 300, 0, 0))
                .isEqualTo(new PhaseProgress(300, 1200, "texts", "embedded 300 / 1200 query texts"));
        assertThat(of(RetrieverPhase.EMBEDDING, 2880, 2880, 300, 0, 0).percent()).isEqualTo(25.0);
        assertThat(of(RetrieverPhase.RUNNING, 0, 0, 0, 0, 0).percent()).isZero();
    }
}
