package io.clirbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Every expected value is a hand calculation, written out in the comment beside it. */
class RunSizeEstimateTest {

    /**
     * Issue 40's run: 226,015 documents (400,000,000 bytes of text heap assumed), 5,000 queries (500,000 bytes), ids of
     * 20 and 10 bytes; bm25 and bm25(plain) (the longest id, 11 bytes) at depth 1,000, B = 2,000.
     */
    static final DatasetFootprint ISSUE_40 = new DatasetFootprint(226_015, 5_000, 400_000_000L, 500_000L, 20, 10);
    static final RunSizeEstimate RUN = new RunSizeEstimate(ISSUE_40, 2, 11, 1_000, 2_000);

    @Test
    void resultsAndListsAreQueriesTimesRetrieversTimesDepth() {
        assertThat(RUN.lists()).isEqualTo(10_000L);          // 5,000 x 2
        assertThat(RUN.results()).isEqualTo(10_000_000L);    // 10,000 x 1,000
    }

    @Test
    void aQueryResultEventIsItsHitsPlusItsIds() {
        // Hit: 1 (tag) + 1 (varint 20) + 20 + 1 (tag) + 8 (double) = 31; in the list: 1 (tag) + 1 (varint 31) + 31 = 33
        assertThat(RUN.hitBytes()).isEqualTo(33L);
        // run id 1 + 1 + 36 = 38, retriever id 1 + 1 + 11 = 13, query id 1 + 1 + 10 = 12, latency 1 + 10 = 11: 74
        assertThat(RUN.eventEnvelopeBytes()).isEqualTo(74L);
        assertThat(RUN.largestEventBytes()).isEqualTo(33_074L);          // 1,000 x 33 + 74
        assertThat(RUN.eventBytes()).isEqualTo(330_740_000L);            // 10,000 x 33,074
    }

    @Test
    void aLongIdTakesTwoLengthBytes() {
        // id of 200 bytes: varint(200) = 2 bytes; inner 1 + 2 + 200 + 1 + 8 = 212; varint(212) = 2; 1 + 2 + 212 = 215
        var longIds = new RunSizeEstimate(new DatasetFootprint(1, 1, 0, 0, 200, 1), 1, 4, 10, 0);
        assertThat(longIds.hitBytes()).isEqualTo(215L);
        assertThat(RunSizeEstimate.varintSize(127)).isEqualTo(1);
        assertThat(RunSizeEstimate.varintSize(128)).isEqualTo(2);
        assertThat(RunSizeEstimate.varintSize(16_384)).isEqualTo(3);
    }

    @Test
    void storageIsFortyThreeBytesAResultPlusTwoHundredAList() {
        // 10,000,000 x 43 = 430,000,000; + 10,000 x 200 = 2,000,000
        assertThat(RUN.evalStorageBytes()).isEqualTo(432_000_000L);
    }

    @Test
    void costIsListsTimesBootstrapAndListsWithoutOne() {
        assertThat(RUN.evaluationCost()).isEqualTo(20_000_000L);         // 10,000 x 2,000
        var noBootstrap = new RunSizeEstimate(ISSUE_40, 2, 11, 1_000, 0);
        assertThat(noBootstrap.evaluationCost()).isEqualTo(10_000L);      // 10,000 x max(1, 0)
        assertThat(noBootstrap.bootstrapHeapBytes()).isZero();
    }

    @Test
    void evalHeapIsTheDatasetThePerQueryStateAndTheBootstrap() {
        // 400,000,000 + 500,000 + 1,200 x (226,015 + 5,000) = 400,500,000 + 277,218,000
        assertThat(RUN.datasetHeapBytes()).isEqualTo(677_718_000L);
        assertThat(RUN.evalListHeapBytes()).isEqualTo(1_000_000L);       // 10,000 x 100
        assertThat(RUN.bootstrapHeapBytes()).isEqualTo(128_000L);        // 4 x 2 x 2,000 x 8
        assertThat(RUN.evalHeapBytes()).isEqualTo(678_846_000L);         // the sum
    }

    @Test
    void gatewayHeapIsTheDatasetAndTheService() {
        // 677,718,000 (the dataset, above) + 134,217,728 (128 MiB)
        assertThat(RUN.gatewayHeapBytes()).isEqualTo(811_935_728L);
    }

    @Test
    void theFootprintCountsTextHeapAsCompactStringsDo() {
        Dataset dataset = new Dataset(new DatasetInfo("toy", "Toy", "1", "CC0-1.0", "test", List.of("de", "zh"), true),
                List.of(new Document("d-de", "Über", "Straße", "de", "a", null),  // Latin-1: 4 + 6 = 10
                        new Document("d-zh-long", null, "中文", "zh", "a", null)),  // not Latin-1: 2 x 2 = 4
                List.of(new Query("q1", "größe", "de", "a", null),                 // 5
                        new Query("q-22", "汉字x", "zh", "a", null)),               // 3 x 2 = 6
                Qrels.of(Map.of("q1", Map.of("d-de", 1))));
        DatasetFootprint footprint = DatasetFootprint.of(dataset);
        assertThat(footprint).isEqualTo(new DatasetFootprint(2, 2, 14, 11, 9, 4)); // ids: "d-zh-long" 9, "q-22" 4 bytes
    }

    @Test
    void anEmptyRunIsRefusedByTheConstructor() {
        assertThatThrownBy(() -> new RunSizeEstimate(ISSUE_40, 0, 4, 10, 0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("retrievers 0");
    }
}
