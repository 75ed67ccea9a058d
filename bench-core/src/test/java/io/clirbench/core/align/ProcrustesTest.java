package io.clirbench.core.align;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.Random;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcrustesTest {

    @TempDir
    Path dir;

    @Test
    void recoversAKnownRotationFromNoisyPairs() throws Exception {
        int d = 16;
        int n = 400;
        Random rnd = new Random(7);
        // a random orthogonal Q (the Q of a QR decomposition of a Gaussian matrix): the truth to recover
        double[][] g = new double[d][d];
        for (double[] row : g) {
            for (int j = 0; j < d; j++) {
                row[j] = rnd.nextGaussian();
            }
        }
        RealMatrix q = new QRDecomposition(new Array2DRowRealMatrix(g)).getQ();
        float[][] x = new float[n][d];
        float[][] y = new float[n][d];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < d; j++) {
                x[i][j] = (float) rnd.nextGaussian();
            }
            for (int r = 0; r < d; r++) {
                double s = 0;
                for (int c = 0; c < d; c++) {
                    s += q.getEntry(r, c) * x[i][c];
                }
                y[i][r] = (float) (s + 0.01 * rnd.nextGaussian());
            }
        }
        AdapterMatrix w = Procrustes.fit(x, y);
        for (int r = 0; r < d; r++) {
            for (int c = 0; c < d; c++) {
                assertThat((double) w.values()[r * d + c]).isCloseTo(q.getEntry(r, c), within(5e-3));
            }
        }
        // orthogonal: the map keeps lengths
        float[] v = w.apply(x[0]);
        assertThat(norm(v)).isCloseTo(norm(x[0]), within(1e-4));
        Path f = dir.resolve("de.f32");
        w.write(f);
        AdapterMatrix back = AdapterMatrix.read(f);
        assertThat(back.values()).containsExactly(w.values());
        assertThat(back.digest()).isEqualTo(w.digest()).hasSize(12);
    }

    @Test
    void applyIsTheMatrixTimesTheVector() {
        // [[0,1],[1,0]] swaps the components; by hand
        AdapterMatrix swap = new AdapterMatrix(2, new float[] {0, 1, 1, 0});
        assertThat(swap.apply(new float[] {3, 4})).containsExactly(4, 3);
    }

    private static double norm(float[] v) {
        double s = 0;
        for (float f : v) {
            s += f * f;
        }
        return Math.sqrt(s);
    }
}
