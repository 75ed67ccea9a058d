package io.clirbench.encoders;

import java.util.Arrays;

/** Post-processing of pooled vectors: Matryoshka truncation, then L2 normalisation. */
public final class Vectors {

    private Vectors() {
    }

    /** The first {@code dimension} components (Matryoshka models keep meaning in a prefix). */
    public static float[] truncate(float[] v, int dimension) {
        if (dimension <= 0 || dimension > v.length) {
            throw new IllegalArgumentException("dimension " + dimension + " outside 1.." + v.length);
        }
        return dimension == v.length ? v : Arrays.copyOf(v, dimension);
    }

    /** The Euclidean length. */
    public static double norm(float[] v) {
        double sum = 0;
        for (float x : v) {
            sum += (double) x * x;
        }
        return Math.sqrt(sum);
    }

    /** A copy scaled to unit Euclidean length; a zero vector stays zero. */
    public static float[] l2Normalize(float[] v) {
        double norm = norm(v);
        float[] out = new float[v.length];
        if (norm == 0) {
            return out;
        }
        for (int i = 0; i < v.length; i++) {
            out[i] = (float) (v[i] / norm);
        }
        return out;
    }
}
