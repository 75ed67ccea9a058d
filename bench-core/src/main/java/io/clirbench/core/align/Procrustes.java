package io.clirbench.core.align;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.SingularValueDecomposition;

/**
 * Orthogonal Procrustes: the orthogonal {@code W} minimising {@code ‖X Wᵀ − Y‖_F} for row vectors
 * {@code x_i} (source language) and {@code y_i} (their translations in the pivot language) is
 * {@code W = U Vᵀ} where {@code U Σ Vᵀ} is the SVD of {@code Yᵀ X} (Schönemann 1966). The result maps
 * a column vector {@code v} to {@code W v}.
 */
public final class Procrustes {

    private Procrustes() {
    }

    /** The map of {@code source[i]} onto {@code target[i]}; every vector of one dimension, at least one pair. */
    public static AdapterMatrix fit(float[][] source, float[][] target) {
        if (source.length != target.length || source.length == 0) {
            throw new IllegalArgumentException("Procrustes needs as many target as source vectors (> 0): "
                    + source.length + " and " + target.length);
        }
        int d = source[0].length;
        double[][] m = new double[d][d];           // Yᵀ X
        for (int i = 0; i < source.length; i++) {
            if (source[i].length != d || target[i].length != d) {
                throw new IllegalArgumentException("pair " + i + ": dimensions " + source[i].length + " and "
                        + target[i].length + ", expected " + d);
            }
            float[] x = source[i];
            float[] y = target[i];
            for (int r = 0; r < d; r++) {
                double yr = y[r];
                double[] row = m[r];
                for (int c = 0; c < d; c++) {
                    row[c] += yr * x[c];
                }
            }
        }
        SingularValueDecomposition svd = new SingularValueDecomposition(new Array2DRowRealMatrix(m, false));
        RealMatrix w = svd.getU().multiply(svd.getVT());
        float[] values = new float[d * d];
        for (int r = 0; r < d; r++) {
            for (int c = 0; c < d; c++) {
                values[r * d + c] = (float) w.getEntry(r, c);
            }
        }
        return new AdapterMatrix(d, values);
    }
}
