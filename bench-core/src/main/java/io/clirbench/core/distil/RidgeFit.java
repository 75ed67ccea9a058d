package io.clirbench.core.distil;

/**
 * The static student's fit: token vectors W (V x d) such that the mean of a sentence's token vectors approximates
 * its target vector, by ridge least squares, {@code min ||A W - T||^2 + lambda ||W||^2}, where row s of the sparse
 * design A holds {@code count(t in s) / |s|}. Solved by conjugate gradients on the normal equations
 * {@code (A'A + lambda I) W = A'T}, one independent CG per output dimension run in lock-step (they share the
 * sparse products). A'A is never formed: each product walks the sentences twice.
 */
public final class RidgeFit {

    /** The fitted vectors, row-major {@code [vocabulary * dimension]}, with the iterations and relative residual. */
    public record Result(float[] vectors, int vocabulary, int dimension, int iterations, double relativeResidual) {

        public float[] vector(int token) {
            float[] v = new float[dimension];
            System.arraycopy(vectors, token * dimension, v, 0, dimension);
            return v;
        }
    }

    private final int[][] sentences;
    private final int vocabulary;

    /** @param sentences token ids per sentence (repeats allowed, empty sentences not) */
    public RidgeFit(int[][] sentences, int vocabulary) {
        for (int s = 0; s < sentences.length; s++) {
            if (sentences[s].length == 0) {
                throw new IllegalArgumentException("sentence " + s + " has no tokens");
            }
            for (int t : sentences[s]) {
                if (t < 0 || t >= vocabulary) {
                    throw new IllegalArgumentException("sentence " + s + ": token id " + t + " outside the vocabulary of " + vocabulary);
                }
            }
        }
        this.sentences = sentences;
        this.vocabulary = vocabulary;
    }

    /** Fits to {@code targets} (one row per sentence); stops at {@code maxIterations} or a relative residual below {@code tolerance}. */
    public Result fit(float[][] targets, double lambda, int maxIterations, double tolerance) {
        if (targets.length != sentences.length) {
            throw new IllegalArgumentException(targets.length + " targets for " + sentences.length + " sentences");
        }
        int d = targets[0].length;
        float[] w = new float[vocabulary * d];
        float[] r = transposeTimes(targets, d);
        float[] p = r.clone();
        double[] rr = columnDots(r, r, d);
        double[] rr0 = rr.clone();
        int iteration = 0;
        double residual = relative(rr, rr0);
        while (iteration < maxIterations && residual > tolerance) {
            float[] ap = normalTimes(p, d, lambda);
            double[] pap = columnDots(p, ap, d);
            double[] alpha = new double[d];
            for (int j = 0; j < d; j++) {
                alpha[j] = pap[j] > 0 ? rr[j] / pap[j] : 0;
            }
            for (int i = 0; i < w.length; i++) {
                int j = i % d;
                w[i] += (float) (alpha[j] * p[i]);
                r[i] -= (float) (alpha[j] * ap[i]);
            }
            double[] next = columnDots(r, r, d);
            for (int i = 0; i < p.length; i++) {
                int j = i % d;
                p[i] = r[i] + (float) (rr[j] > 0 ? next[j] / rr[j] : 0) * p[i];
            }
            rr = next;
            iteration++;
            residual = relative(rr, rr0);
        }
        return new Result(w, vocabulary, d, iteration, residual);
    }

    /** A'T: each sentence's target spread over its tokens with weight 1/|s|. */
    private float[] transposeTimes(float[][] targets, int d) {
        float[] out = new float[vocabulary * d];
        for (int s = 0; s < sentences.length; s++) {
            float weight = 1f / sentences[s].length;
            for (int t : sentences[s]) {
                for (int j = 0; j < d; j++) {
                    out[t * d + j] += weight * targets[s][j];
                }
            }
        }
        return out;
    }

    /** (A'A + lambda I) x: the mean of each sentence's rows of x, spread back over its tokens with weight 1/|s|. */
    float[] normalTimes(float[] x, int d, double lambda) {
        float[] out = new float[x.length];
        float[] mean = new float[d];
        for (int[] sentence : sentences) {
            java.util.Arrays.fill(mean, 0f);
            float weight = 1f / sentence.length;
            for (int t : sentence) {
                for (int j = 0; j < d; j++) {
                    mean[j] += x[t * d + j];
                }
            }
            for (int t : sentence) {
                for (int j = 0; j < d; j++) {
                    out[t * d + j] += weight * weight * mean[j];
                }
            }
        }
        for (int i = 0; i < out.length; i++) {
            out[i] += (float) (lambda * x[i]);
        }
        return out;
    }

    private static double[] columnDots(float[] a, float[] b, int d) {
        double[] out = new double[d];
        for (int i = 0; i < a.length; i++) {
            out[i % d] += (double) a[i] * b[i];
        }
        return out;
    }

    private static double relative(double[] rr, double[] rr0) {
        double worst = 0;
        for (int j = 0; j < rr.length; j++) {
            if (rr0[j] > 0) {
                worst = Math.max(worst, Math.sqrt(rr[j] / rr0[j]));
            }
        }
        return worst;
    }
}
