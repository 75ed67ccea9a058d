package io.clirbench.index.bench;

import java.util.Random;

/**
 * Unit vectors drawn around random cluster centres (a crude stand-in for sentence embeddings, which
 * are clustered by topic): centre + noise, normalised. Queries are drawn the same way.
 */
final class SyntheticEmbeddings {

    private final float[][] centres;
    private final Random rnd;
    private final int dim;
    private final float noise;

    SyntheticEmbeddings(long seed, int dim, int clusters, float noise) {
        this.rnd = new Random(seed);
        this.dim = dim;
        this.noise = noise;
        centres = new float[clusters][dim];
        for (float[] c : centres) {
            for (int d = 0; d < dim; d++) {
                c[d] = (float) rnd.nextGaussian();
            }
            normalise(c);
        }
    }

    float[] next() {
        float[] c = centres[rnd.nextInt(centres.length)];
        float[] v = new float[dim];
        for (int d = 0; d < dim; d++) {
            v[d] = c[d] + noise * (float) rnd.nextGaussian() / (float) Math.sqrt(dim);
        }
        normalise(v);
        return v;
    }

    float[][] next(int n) {
        float[][] out = new float[n][];
        for (int i = 0; i < n; i++) {
            out[i] = next();
        }
        return out;
    }

    private static void normalise(float[] v) {
        double s = 0;
        for (float x : v) {
            s += x * x;
        }
        float inv = (float) (1 / Math.sqrt(s));
        for (int i = 0; i < v.length; i++) {
            v[i] *= inv;
        }
    }
}
