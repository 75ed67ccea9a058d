package io.clirbench.index.store;

import java.util.regex.Pattern;

/**
 * What a collection is: its name (also its directory name), vector dimension, metric, index kind and
 * HNSW build parameters. The payload schema is fixed: {@code doc_id}, {@code lang}, {@code family}.
 * {@code fingerprint}: the client's description of what fills the collection (the gateway: model,
 * digests of the document ids and of the texts, then of the vectors; not the dataset hash), stored with the spec and returned by describe, so a
 * client reuses a collection only when it was filled with the same content; empty when none was given.
 */
public record CollectionSpec(String name, int dimension, Metric metric, StoreKind kind, int hnswM, int hnswEfConstruction,
                             String fingerprint, Representation representation) {

    /** At most this many characters, printable ASCII. */
    public static final int MAX_FINGERPRINT = 1024;

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");

    public static final int DEFAULT_HNSW_M = 16;
    public static final int DEFAULT_HNSW_EF_CONSTRUCTION = 100;

    /** A spec without a fingerprint. */
    public CollectionSpec(String name, int dimension, Metric metric, StoreKind kind, int hnswM, int hnswEfConstruction) {
        this(name, dimension, metric, kind, hnswM, hnswEfConstruction, "");
    }

    /** A spec of dense points. */
    public CollectionSpec(String name, int dimension, Metric metric, StoreKind kind, int hnswM, int hnswEfConstruction,
                          String fingerprint) {
        this(name, dimension, metric, kind, hnswM, hnswEfConstruction, fingerprint, Representation.DENSE);
    }

    public CollectionSpec {
        representation = representation == null ? Representation.DENSE : representation;
        if (representation != Representation.DENSE && kind != StoreKind.EXACT && kind != StoreKind.QDRANT) {
            throw new InvalidRequestException(representation.name().toLowerCase(java.util.Locale.ROOT)
                    + " points are stored by kind EXACT (in this service) or QDRANT, not " + kind);
        }
        if (representation == Representation.SPARSE) {
            if (dimension != 0) {
                throw new InvalidRequestException("a sparse collection has no fixed dimension (indices are token ids): dimension must be 0, was "
                        + dimension);
            }
            if (metric == Metric.COSINE) {
                throw new InvalidRequestException("a sparse collection scores by dot product: metric COSINE is not supported");
            }
        }
        fingerprint = fingerprint == null ? "" : fingerprint;
        if (fingerprint.length() > MAX_FINGERPRINT || !fingerprint.chars().allMatch(ch -> ch >= 0x20 && ch < 0x7f)) {
            throw new InvalidRequestException("fingerprint must be at most " + MAX_FINGERPRINT
                    + " printable ASCII characters (was " + fingerprint.length() + " characters)");
        }
        if (name == null || !NAME.matcher(name).matches() || name.contains("..")) {
            throw new InvalidRequestException("collection name '" + name
                    + "' must match " + NAME.pattern() + " (it names a directory)");
        }
        if (kind == StoreKind.BM25) {
            if (dimension != 0) {
                throw new InvalidRequestException("a BM25 collection has no vectors: dimension must be 0, was " + dimension);
            }
        } else if (representation != Representation.SPARSE && (dimension < 1 || dimension > 65_536)) {
            throw new InvalidRequestException("dimension must be in [1, 65536], was " + dimension);
        }
        hnswM = hnswM == 0 ? DEFAULT_HNSW_M : hnswM;
        hnswEfConstruction = hnswEfConstruction == 0 ? DEFAULT_HNSW_EF_CONSTRUCTION : hnswEfConstruction;
        if (hnswM < 2 || hnswM > 512 || hnswEfConstruction < 1 || hnswEfConstruction > 3200) {
            throw new InvalidRequestException("hnsw m must be in [2, 512] and ef_construction in [1, 3200], were "
                    + hnswM + " and " + hnswEfConstruction);
        }
    }
}
