package io.clirbench.gateway.retriever;

import java.util.Arrays;

/**
 * A sparse vector as one {@code float[]} (so the embedding cache and the embed client carry it like a dense vector):
 * the indices' bits ({@link Float#intBitsToFloat}) then the weights, {@code [i0, ..., i(n-1), w0, ..., w(n-1)]}. Bit
 * exact both ways.
 */
public final class SparseRows {

    private SparseRows() {
    }

    public static float[] pack(int[] indices, float[] weights) {
        float[] out = new float[2 * indices.length];
        for (int i = 0; i < indices.length; i++) {
            out[i] = Float.intBitsToFloat(indices[i]);
            out[indices.length + i] = weights[i];
        }
        return out;
    }

    public static int[] indices(float[] row) {
        int n = row.length / 2;
        int[] out = new int[n];
        for (int i = 0; i < n; i++) {
            out[i] = Float.floatToRawIntBits(row[i]);
        }
        return out;
    }

    public static float[] weights(float[] row) {
        return Arrays.copyOfRange(row, row.length / 2, row.length);
    }
}
