package io.clirbench.core.efficiency;

/**
 * What the gateway measured of one retriever of a run (events.v1 {@code RunCompleted.costs}). Every field is
 * {@code null} when not measured: a retriever that reused its index has no build time, BM25 embeds nothing, a store that
 * cannot tell its size (Qdrant) has none.
 *
 * @param indexBuildMicros  wall time of building the retriever's index (creating the collection and filling it; the
 *                          embedding of the documents is not in it); {@code null} when an existing index was reused
 * @param indexDiskBytes    bytes of the index's files on the index-service's disk
 * @param indexMemoryBytes  bytes the index-service holds resident to search the index (its estimate)
 * @param textsEmbedded     texts (documents and queries) that got their vectors (or cross-encoder scores), embedding
 *                          cache hits included
 * @param embedMicros       wall time of that embedding
 * @param queriesSearched   queries the retriever searched
 * @param searchMicros      wall time of its search calls, summed (the calls of one retriever do not overlap)
 * @param queriesPerCall    queries answered by one search call at most: 1 when each query is searched alone, more when
 *                          queries are searched in batches (each query's latency is then its batch's time divided
 *                          equally among the batch's queries)
 */
public record RetrieverCost(Long indexBuildMicros, Long indexDiskBytes, Long indexMemoryBytes, Long textsEmbedded,
                            Long embedMicros, Long queriesSearched, Long searchMicros, Integer queriesPerCall) {

    /** Nothing measured (a run from before costs were sent, or a retriever the gateway could not account for). */
    public static final RetrieverCost NONE = new RetrieverCost(null, null, null, null, null, null, null, null);
}
