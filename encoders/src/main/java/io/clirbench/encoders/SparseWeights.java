package io.clirbench.encoders;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * The sparse output of one text: token ids ascending and their weights (all above 0). The batcher carries every output
 * as one {@code float[]} per text: {@link #pack} writes the ids' bits ({@link Float#intBitsToFloat}) then the weights,
 * {@link #unpack} reads them back exactly.
 */
public record SparseWeights(int[] ids, float[] weights) {

    public SparseWeights {
        if (ids.length != weights.length) {
            throw new IllegalArgumentException(ids.length + " ids but " + weights.length + " weights");
        }
    }

    /** Weights by id, entries of weight 0 dropped, ids ascending. */
    public static SparseWeights of(Map<Integer, Float> byId) {
        TreeMap<Integer, Float> sorted = new TreeMap<>(byId);
        sorted.values().removeIf(w -> !(w > 0));
        int[] ids = new int[sorted.size()];
        float[] weights = new float[sorted.size()];
        int i = 0;
        for (Map.Entry<Integer, Float> e : sorted.entrySet()) {
            ids[i] = e.getKey();
            weights[i++] = e.getValue();
        }
        return new SparseWeights(ids, weights);
    }

    public int size() {
        return ids.length;
    }

    /** {@code [bits of id 0, ..., bits of id n-1, weight 0, ..., weight n-1]}. */
    public float[] pack() {
        float[] out = new float[2 * ids.length];
        for (int i = 0; i < ids.length; i++) {
            out[i] = Float.intBitsToFloat(ids[i]);
            out[ids.length + i] = weights[i];
        }
        return out;
    }

    /** The inverse of {@link #pack}. */
    public static SparseWeights unpack(float[] packed) {
        int n = packed.length / 2;
        int[] ids = new int[n];
        for (int i = 0; i < n; i++) {
            ids[i] = Float.floatToRawIntBits(packed[i]);
        }
        return new SparseWeights(ids, Arrays.copyOfRange(packed, n, 2 * n));
    }
}
