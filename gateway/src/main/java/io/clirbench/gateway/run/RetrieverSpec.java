package io.clirbench.gateway.run;

import java.util.Locale;

/**
 * A retriever of a run: {@code bm25}, or {@code <model-id>/<index-kind>} with index kind
 * {@code exact}, {@code hnsw} or {@code qdrant}.
 */
public record RetrieverSpec(String id, String kind, String modelId, String indexKind) {

    public static final String BM25 = "bm25";
    public static final String DENSE = "dense";

    /** Parses a retriever id; null when it has neither form. */
    public static RetrieverSpec parse(String id) {
        if (BM25.equals(id)) {
            return new RetrieverSpec(id, BM25, "", "");
        }
        int slash = id == null ? -1 : id.lastIndexOf('/');
        if (slash <= 0 || slash == id.length() - 1) {
            return null;
        }
        return new RetrieverSpec(id, DENSE, id.substring(0, slash), id.substring(slash + 1).toLowerCase(Locale.ROOT));
    }

    public boolean dense() {
        return DENSE.equals(kind);
    }
}
