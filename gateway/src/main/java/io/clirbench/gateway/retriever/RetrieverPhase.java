package io.clirbench.gateway.retriever;

/**
 * The phases one retriever of a run goes through (README "Run JSON", field {@code state}). A dense
 * retriever: RUNNING, EMBEDDING (document texts), INDEXING, EMBEDDING (query texts), SEARCHING, SEARCHED;
 * BM25: RUNNING, INDEXING, SEARCHING, SEARCHED; every retriever ends PUBLISHED once the broker confirmed
 * all its results, or FAILED. A reused collection skips INDEXING (and, for a dense retriever, the document texts).
 */
public enum RetrieverPhase {
    /** Waiting for the retrievers before it. */
    QUEUED,
    /** Started: reading the model's Info, describing the collection. */
    RUNNING,
    /** Embedding texts: the documents first (unless the collection is reused), then the queries. */
    EMBEDDING,
    /** Filling the collection. */
    INDEXING,
    /** Searching the queries and sending their results. */
    SEARCHING,
    /** Every query searched and sent; waiting for the broker's confirmation. */
    SEARCHED,
    /** Every result confirmed by the broker. */
    PUBLISHED,
    /**
     * Failed (its embedders never answered, an index call failed, ...): the run goes on with the other retrievers
     * and its report names this one and why (README "Faults").
     */
    FAILED
}
