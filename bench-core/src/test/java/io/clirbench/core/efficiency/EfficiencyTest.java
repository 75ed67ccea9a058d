package io.clirbench.core.efficiency;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class EfficiencyTest {

    /**
     * A dense retriever: index built in 2.5 s (2,500,000 µs), 1,200 texts embedded in 4 s = 300 texts/s, 400 queries
     * searched in 0.8 s = 500 q/s. Latencies 100, 200, ..., 1000 µs (10 values): p50 = 5th = 500, p99 = 10th = 1000.
     */
    @Test
    void throughputsAndPercentilesFromTheMeasuredCost() {
        RetrieverCost cost = new RetrieverCost(2_500_000L, 3_000_000L, 1_536_000L, 1_200L, 4_000_000L, 400L, 800_000L, 32);
        long[] latencies = {1000, 900, 800, 700, 600, 500, 400, 300, 200, 100};
        Efficiency e = Efficiency.of(cost, latencies);
        assertThat(e.indexBuildMs()).isCloseTo(2500.0, within(1e-9));
        assertThat(e.indexDiskBytes()).isEqualTo(3_000_000L);
        assertThat(e.indexMemoryBytes()).isEqualTo(1_536_000L);
        assertThat(e.embedMs()).isCloseTo(4000.0, within(1e-9));
        assertThat(e.embedTextsPerSecond()).isCloseTo(300.0, within(1e-9));
        assertThat(e.searchMs()).isCloseTo(800.0, within(1e-9));
        assertThat(e.searchQueriesPerSecond()).isCloseTo(500.0, within(1e-9));
        assertThat(e.latencyQueries()).isEqualTo(10);
        assertThat(e.latencyP50Micros()).isEqualTo(500L);
        assertThat(e.latencyP99Micros()).isEqualTo(1000L);
        assertThat(e.batchedLatency()).isTrue();
    }

    /** BM25 over a reused index: no build time, no embedding, a size of 0 (= the store could not tell): all null. */
    @Test
    void whatWasNotMeasuredStaysNull() {
        RetrieverCost cost = new RetrieverCost(null, 0L, 0L, null, null, 64L, 0L, 1);
        Efficiency e = Efficiency.of(cost, new long[0]);
        assertThat(e.indexBuildMs()).isNull();
        assertThat(e.indexDiskBytes()).isNull();
        assertThat(e.indexMemoryBytes()).isNull();
        assertThat(e.embedTextsPerSecond()).isNull();
        assertThat(e.searchQueriesPerSecond()).as("0 µs is too short to measure, not infinitely fast").isNull();
        assertThat(e.latencyP50Micros()).isNull();
        assertThat(e.latencyQueries()).isZero();
        assertThat(e.batchedLatency()).isFalse();
    }

    /** A run from before costs were sent: only the stored latencies (a negative one, which no clock gives, left out). */
    @Test
    void noCostAtAllKeepsTheLatencies() {
        Efficiency e = Efficiency.of(null, new long[] {30, -1, 10, 20});
        assertThat(e.latencyQueries()).isEqualTo(3);
        assertThat(e.latencyP50Micros()).isEqualTo(20L); // sorted 10, 20, 30: x[ceil(1.5)] = x2
        assertThat(e.latencyP99Micros()).isEqualTo(30L);
        assertThat(e.searchQueriesPerSecond()).isNull();
        assertThat(e.queriesPerCall()).isNull();
    }
}
