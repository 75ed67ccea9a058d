package io.clirbench.encoders;

import java.nio.FloatBuffer;
import java.util.Locale;

/**
 * How one vector is drawn from the model output: mean over the attended tokens, the first
 * token (CLS), the last attended token (decoder models), or a pooled output tensor taken as is.
 */
public enum Pooling {
    MEAN, CLS, LAST_TOKEN, TENSOR;

    /** Parses a card value: {@code mean}, {@code cls}, {@code last-token} or {@code tensor}. */
    public static Pooling parse(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "mean" -> MEAN;
            case "cls" -> CLS;
            case "last-token", "last_token", "lasttoken" -> LAST_TOKEN;
            case "tensor" -> TENSOR;
            default -> throw new IllegalArgumentException(
                    "'" + value + "' is not one of mean, cls, last-token, tensor");
        };
    }

    public String cardName() {
        return this == LAST_TOKEN ? "last-token" : name().toLowerCase(Locale.ROOT);
    }

    /**
     * Pools a token-level output of shape [batch, seq, dim] (row-major in {@code hidden})
     * into one vector per row, using the attention mask of shape [batch, seq].
     */
    public float[][] pool(FloatBuffer hidden, long[] mask, int batch, int seq, int dim) {
        float[][] out = new float[batch][];
        for (int b = 0; b < batch; b++) {
            out[b] = switch (this) {
                case MEAN -> mean(hidden, mask, b, seq, dim);
                case CLS -> row(hidden, (b * seq) * dim, dim);
                case LAST_TOKEN -> row(hidden, (b * seq + lastAttended(mask, b, seq)) * dim, dim);
                case TENSOR -> throw new IllegalStateException("tensor pooling reads a pooled output");
            };
        }
        return out;
    }

    /** Splits a pooled output of shape [batch, dim] into rows. */
    public static float[][] rows(FloatBuffer pooled, int batch, int dim) {
        float[][] out = new float[batch][];
        for (int b = 0; b < batch; b++) {
            out[b] = row(pooled, b * dim, dim);
        }
        return out;
    }

    private static float[] mean(FloatBuffer hidden, long[] mask, int b, int seq, int dim) {
        // summed in double so the result does not depend on the padding length
        double[] sum = new double[dim];
        int count = 0;
        for (int t = 0; t < seq; t++) {
            if (mask[b * seq + t] == 0) {
                continue;
            }
            count++;
            int base = (b * seq + t) * dim;
            for (int d = 0; d < dim; d++) {
                sum[d] += hidden.get(base + d);
            }
        }
        float[] v = new float[dim];
        for (int d = 0; d < dim; d++) {
            v[d] = (float) (sum[d] / Math.max(count, 1));
        }
        return v;
    }

    static int lastAttended(long[] mask, int b, int seq) {
        for (int t = seq - 1; t >= 0; t--) {
            if (mask[b * seq + t] != 0) {
                return t;
            }
        }
        return seq - 1;
    }

    private static float[] row(FloatBuffer buffer, int offset, int dim) {
        float[] v = new float[dim];
        buffer.get(offset, v, 0, dim);
        return v;
    }
}
