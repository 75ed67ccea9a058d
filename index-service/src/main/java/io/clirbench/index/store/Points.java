package io.clirbench.index.store;

import java.util.List;

/** A batch of points to upsert: vectors and their payloads, index-aligned. */
public record Points(List<float[]> vectors, List<PointPayload> payloads) {

    public Points {
        if (vectors.size() != payloads.size()) {
            throw new IllegalArgumentException(vectors.size() + " vectors but " + payloads.size() + " payloads");
        }
        vectors = List.copyOf(vectors);
        payloads = List.copyOf(payloads);
    }

    public int size() {
        return vectors.size();
    }

    /**
     * Checks every vector's dimension, the payload limits ({@link PointPayload#MAX_FIELD_BYTES}) and that no
     * doc id repeats, before anything is stored.
     */
    public void validate(int dimension) {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (int i = 0; i < vectors.size(); i++) {
            float[] v = vectors.get(i);
            String id = payloads.get(i).docId();
            payloads.get(i).checkLimits();
            if (v.length != dimension) {
                throw new InvalidRequestException("dimension mismatch: point '" + id + "' has " + v.length
                        + " values, the collection has dimension " + dimension);
            }
            for (float x : v) {
                if (!Float.isFinite(x)) {
                    throw new InvalidRequestException("point '" + id + "' has a non-finite value " + x);
                }
            }
            if (!seen.add(id)) {
                throw new InvalidRequestException("doc_id '" + id + "' appears twice in one upsert");
            }
        }
    }

    /** L2-normalised copy of {@code v} (for COSINE collections); a zero vector stays zero. */
    public static float[] normalised(float[] v) {
        double sum = 0;
        for (float x : v) {
            sum += (double) x * x;
        }
        float[] out = v.clone();
        if (sum > 0) {
            float inv = (float) (1.0 / Math.sqrt(sum));
            for (int i = 0; i < out.length; i++) {
                out[i] *= inv;
            }
        }
        return out;
    }
}
