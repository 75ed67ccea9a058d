package io.clirbench.index.store;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A batch of sparse or multi-vector points to upsert, index-aligned with their payloads: {@code sparse} for a SPARSE
 * collection, {@code matrices} (row-major) for a MULTIVECTOR one; the other list is empty.
 */
public record RepresentedPoints(List<SparseVector> sparse, List<float[]> matrices, List<PointPayload> payloads) {

    public RepresentedPoints {
        sparse = List.copyOf(sparse);
        matrices = List.copyOf(matrices);
        payloads = List.copyOf(payloads);
        if (sparse.size() + matrices.size() != payloads.size() || !sparse.isEmpty() && !matrices.isEmpty()) {
            throw new IllegalArgumentException(sparse.size() + " sparse vectors and " + matrices.size() + " matrices for "
                    + payloads.size() + " payloads");
        }
    }

    public static RepresentedPoints sparse(List<SparseVector> vectors, List<PointPayload> payloads) {
        return new RepresentedPoints(vectors, List.of(), payloads);
    }

    public static RepresentedPoints multivector(List<float[]> matrices, List<PointPayload> payloads) {
        return new RepresentedPoints(List.of(), matrices, payloads);
    }

    public int size() {
        return payloads.size();
    }

    /** Payload limits, no doc id twice, and each matrix a whole number of rows of {@code dimension} (MULTIVECTOR). */
    public void validate(int dimension) {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < payloads.size(); i++) {
            PointPayload p = payloads.get(i);
            p.checkLimits();
            if (!seen.add(p.docId())) {
                throw new InvalidRequestException("doc_id '" + p.docId() + "' appears twice in one upsert");
            }
            if (!matrices.isEmpty()) {
                MultiVectors.check(matrices.get(i), dimension, "point '" + p.docId() + "'");
            }
        }
    }
}
