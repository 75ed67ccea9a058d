package io.clirbench.core.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.run.RunSizeLimits.Finding;
import io.clirbench.core.run.RunSizeLimits.Severity;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The findings for runs around each limit; the numbers in the messages are hand calculations (comments). */
class RunSizeLimitsTest {

    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;
    /** The gateway's defaults (Kafka's max.request.size, eval.evaluation.max-cost, -Xmx1g, 10 GiB) and a 1 GiB gateway. */
    private static final RunSizeLimits DEFAULTS = new RunSizeLimits(1_048_576, 2_000_000_000L, GIB, 10 * GIB, GIB);

    @Test
    void issue40sRunIsWarnedAboutForTheGatewaysHeapOnly() {
        // gateway: 811,935,728 bytes (RunSizeEstimateTest) > 0.75 GiB = 805,306,368 and <= 1 GiB: warned;
        // eval heap 678,846,000 < 805,306,368: nothing
        List<Finding> findings = DEFAULTS.check(RunSizeEstimateTest.RUN);
        assertThat(findings).extracting(Finding::field, Finding::severity)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("dataset", Severity.WARN));
        // 811,935,728 / 2^20 = 774.3 MiB; dataset 677,718,000 / 2^20 = 646.3 MiB; text 400,500,000 / 2^20 = 381.9 MiB
        assertThat(findings.getFirst().message()).isEqualTo("the gateway needs about 774.3 MiB of heap to run this dataset"
                + " (the dataset 646.3 MiB: 226,015 documents and 5,000 queries with 381.9 MiB of text; the service 128.0 MiB),"
                + " over 75% of its maximum heap of 1.0 GiB: it may run out of memory; start the gateway with a larger heap"
                + " (bench up --heap gateway=SIZE; -Xmx elsewhere)");
    }

    @Test
    void theSameRunOnAGatewayOfTwoGibPasses() {
        // 811,935,728 <= 0.75 x 2 GiB = 1,610,612,736
        assertThat(new RunSizeLimits(1_048_576, 2_000_000_000L, GIB, 10 * GIB, 2 * GIB).check(RunSizeEstimateTest.RUN)).isEmpty();
    }

    @Test
    void aDatasetOverTheGatewaysHeapIsRefused() {
        // 811,935,728 > 768 MiB = 805,306,368
        var limits = new RunSizeLimits(1_048_576, 2_000_000_000L, GIB, 10 * GIB, 805_306_368L);
        List<Finding> findings = limits.check(RunSizeEstimateTest.RUN);
        assertThat(findings).extracting(Finding::severity).containsExactly(Severity.REFUSE);
        assertThat(findings.getFirst().message()).contains("more than its maximum heap of 768.0 MiB: start the gateway with a"
                + " larger heap (bench up --heap gateway=SIZE");
    }

    @Test
    void aCostOverTheEvalServicesMaximumIsRefusedNamingTheBootstrapThatFits() {
        // 5,000 queries x 32 retrievers = 160,000 lists x B 100,000 = 16,000,000,000 > 2,000,000,000;
        // the largest B that fits: 2,000,000,000 / 160,000 = 12,500
        var run = new RunSizeEstimate(new DatasetFootprint(1_000, 5_000, 1_000_000, 100_000, 10, 10), 32, 20, 100, 100_000);
        List<Finding> findings = DEFAULTS.check(run);
        assertThat(findings).extracting(Finding::field).containsExactly("bootstrap");
        assertThat(findings.getFirst().message()).isEqualTo("estimated evaluation cost 16,000,000,000 query-resamples (5000"
                + " queries x 32 retrievers x B 100000) is above the eval-service's eval.evaluation.max-cost 2,000,000,000 (as"
                + " gateway.preflight.eval-max-cost says it): lower --bootstrap to at most 12,500 or run fewer retrievers, or"
                + " raise eval.evaluation.max-cost on the eval-service and gateway.preflight.eval-max-cost with it");
    }

    @Test
    void anEventOverTheProducersMaximumIsRefusedNamingTheDepthThatFits() {
        // ids of 1,100 bytes: inner 1 + 2 + 1,100 + 1 + 8 = 1,112; hit 1 + 2 + 1,112 = 1,115; x 1,000 = 1,115,000
        // envelope: run 38 + retriever (4 bytes) 6 + query (10) 12 + 11 = 67; event 1,115,067 > 1,048,576
        // depth that fits: (1,048,576 - 67) / 1,115 = 940.3 -> 940
        var run = new RunSizeEstimate(new DatasetFootprint(100, 10, 10_000, 100, 1_100, 10), 1, 4, 1_000, 0);
        List<Finding> findings = DEFAULTS.check(run);
        assertThat(findings).extracting(Finding::field, Finding::severity)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("depth", Severity.REFUSE));
        assertThat(findings.getFirst().message()).isEqualTo("a query's results at depth 1000 make a QueryResult event of up to"
                + " 1,115,067 bytes (1000 hits x 1,115 bytes with the longest document id of 1,100 bytes, plus 67 bytes of"
                + " ids), above the Kafka producer's max.request.size of 1,048,576 bytes: lower --depth to at most 940, or"
                + " shorten the document ids");
    }

    @Test
    void theEvalServicesHeapIsRefusedAboveItAndWarnedAboutAboveThreeQuarters() {
        // 1,000,000 documents with 1,000,000,000 bytes of text: dataset 1,000,000,000 + 1,200 x 1,001,000 = 2,201,200,000,
        // + per-query state 1,000 x 100 = 100,000: 2,201,300,000 > 2 GiB = 2,147,483,648 -> refused; against 3 GiB (x 0.75 = 2,415,919,104) it passes; against 2.5 GiB
        // (2,684,354,560 x 0.75 = 2,013,265,920) it is warned about. The gateway (4 GiB, x 0.75 = 3,221,225,472) holds the
        // dataset and 128 MiB: 2,335,417,728, no finding
        var run = new RunSizeEstimate(new DatasetFootprint(1_000_000, 1_000, 1_000_000_000L, 0, 10, 10), 1, 4, 10, 0);
        assertThat(new RunSizeLimits(1_048_576, 2_000_000_000L, 2 * GIB, 10 * GIB, 4 * GIB).check(run))
                .extracting(Finding::field, Finding::severity)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("dataset", Severity.REFUSE));
        assertThat(new RunSizeLimits(1_048_576, 2_000_000_000L, 3 * GIB, 10 * GIB, 4 * GIB).check(run)).isEmpty();
        List<Finding> warned = new RunSizeLimits(1_048_576, 2_000_000_000L, 2_684_354_560L, 10 * GIB, 4 * GIB).check(run);
        assertThat(warned).extracting(Finding::severity).containsExactly(Severity.WARN);
        // 2,201,300,000 / 2^30 = 2.0501 and 2,201,200,000 / 2^30 = 2.0500, both 2.1; text 1,000,000,000 / 2^20 = 953.7 MiB; per-query state 1,000 x 100 = 97.7 KiB
        assertThat(warned.getFirst().message()).isEqualTo("the eval-service needs about 2.1 GiB of heap to evaluate this run"
                + " (the dataset 2.1 GiB: 1,000,000 documents and 1,000 queries with 953.7 MiB of text; per-query state 97.7"
                + " KiB; bootstrap 0 bytes), over 75% of its heap of 2.5 GiB (gateway.preflight.eval-heap-bytes): it may run"
                + " out of memory; start the eval-service with a larger heap (bench up --heap eval=SIZE, which sets"
                + " gateway.preflight.eval-heap-bytes with it; elsewhere -Xmx, and set gateway.preflight.eval-heap-bytes to it)");
    }

    @Test
    void storageAboveTheThresholdIsOnlyWarnedAbout() {
        // issue 40's run stores 432,000,000 bytes (RunSizeEstimateTest): above a 90 MiB threshold (94,371,840)
        var limits = new RunSizeLimits(1_048_576, 2_000_000_000L, 2 * GIB, 90 * MIB, 2 * GIB);
        List<Finding> findings = limits.check(RunSizeEstimateTest.RUN);
        assertThat(findings).extracting(Finding::field, Finding::severity)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("depth", Severity.WARN));
        // 432,000,000 / 2^20 = 411.99 MiB
        assertThat(findings.getFirst().message()).isEqualTo("the eval-service will store about 412.0 MiB for this run's"
                + " 10,000,000 results (43 bytes a result, measured on H2; PostgreSQL about 9), above gateway.preflight.eval-storage-warn-bytes"
                + " 90.0 MiB: check that its disk (or PostgreSQL) has room, or lower --depth");
    }

    @Test
    void sizesReadAsPeopleReadThem() {
        assertThat(RunSizeLimits.size(512)).isEqualTo("512 bytes");
        assertThat(RunSizeLimits.size(1_536)).isEqualTo("1.5 KiB");
        assertThat(RunSizeLimits.size(3 * GIB / 2)).isEqualTo("1.5 GiB");
    }
}
