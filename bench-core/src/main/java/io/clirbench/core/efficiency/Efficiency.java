package io.clirbench.core.efficiency;

/**
 * The efficiency block of one retriever in a report (report.json {@code efficiency}, README "Efficiency"). Times in
 * milliseconds, sizes in bytes, throughputs per second of wall time, latencies in microseconds; {@code null} = not
 * measured (shown as "n/m").
 *
 * @param indexBuildMs          {@link RetrieverCost#indexBuildMicros} in ms; null when the index was reused
 * @param indexDiskBytes        the index's files on disk
 * @param indexMemoryBytes      what the index-service holds resident for it (estimate)
 * @param textsEmbedded         texts embedded (cache hits included)
 * @param embedMs               wall time of that embedding
 * @param embedTextsPerSecond   textsEmbedded ÷ (embedMs / 1000)
 * @param queriesSearched       queries searched
 * @param searchMs              wall time of the search calls, summed
 * @param searchQueriesPerSecond queriesSearched ÷ (searchMs / 1000)
 * @param latencyQueries        stored results whose latency the percentiles are over
 * @param latencyP50Micros      nearest-rank 50th percentile of the per-query latencies ({@link NearestRank})
 * @param latencyP99Micros      nearest-rank 99th percentile of the per-query latencies
 * @param queriesPerCall        at most this many queries per search call; above 1 a query's latency is its batch's time
 *                              divided equally among the batch's queries
 */
public record Efficiency(Double indexBuildMs, Long indexDiskBytes, Long indexMemoryBytes, Long textsEmbedded,
                         Double embedMs, Double embedTextsPerSecond, Long queriesSearched, Double searchMs,
                         Double searchQueriesPerSecond, int latencyQueries, Long latencyP50Micros, Long latencyP99Micros,
                         Integer queriesPerCall) {

    /**
     * The block of a retriever from what the gateway measured ({@code cost}; {@code null} = nothing) and the latencies of
     * its stored results ({@code latencyMicros}, any order; negative values, which no clock gives, are left out).
     */
    public static Efficiency of(RetrieverCost cost, long[] latencyMicros) {
        RetrieverCost c = cost == null ? RetrieverCost.NONE : cost;
        long[] latencies = java.util.Arrays.stream(latencyMicros == null ? new long[0] : latencyMicros)
                .filter(v -> v >= 0).sorted().toArray();
        return new Efficiency(millis(c.indexBuildMicros()), positive(c.indexDiskBytes()), positive(c.indexMemoryBytes()),
                c.textsEmbedded(), millis(c.embedMicros()), perSecond(c.textsEmbedded(), c.embedMicros()),
                c.queriesSearched(), millis(c.searchMicros()), perSecond(c.queriesSearched(), c.searchMicros()),
                latencies.length, NearestRank.ofSorted(latencies, 50), NearestRank.ofSorted(latencies, 99),
                c.queriesPerCall());
    }

    /** Whether each query's latency is a share of a batch's time rather than its own. */
    public boolean batchedLatency() {
        return queriesPerCall != null && queriesPerCall > 1;
    }

    /**
     * {@code count} per second of {@code micros}; null when either is unmeasured, the count is 0 or the time is 0 (too
     * short to measure: no throughput is better than an infinite one).
     */
    static Double perSecond(Long count, Long micros) {
        if (count == null || micros == null || count <= 0 || micros <= 0) {
            return null;
        }
        return count / (micros / 1e6);
    }

    private static Double millis(Long micros) {
        return micros == null || micros < 0 ? null : micros / 1000.0;
    }

    /** A size: 0 and below mean "the store could not tell". */
    private static Long positive(Long bytes) {
        return bytes == null || bytes <= 0 ? null : bytes;
    }
}
