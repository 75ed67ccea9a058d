package io.clirbench.index.store;

/** Token matrices (rows of one dimension, row-major) and their MaxSim score. */
public final class MultiVectors {

    private MultiVectors() {
    }

    /**
     * MaxSim (ColBERT): for each query row the largest dot product with a document row, summed over the query rows, rows
     * of {@code dim} values. Each dot product is summed in float over four interleaved partial sums (so the JIT keeps
     * them in registers), the maxima summed in double.
     */
    public static double maxSim(float[] query, float[] document, int dim) {
        int documentRows = document.length / dim;
        double sum = 0;
        for (int q = 0; q < query.length; q += dim) {
            float best = Float.NEGATIVE_INFINITY;
            for (int r = 0; r < documentRows; r++) {
                float dot = dot(query, q, document, r * dim, dim);
                if (dot > best) {
                    best = dot;
                }
            }
            sum += best;
        }
        return sum;
    }

    private static float dot(float[] a, int aFrom, float[] b, int bFrom, int dim) {
        float s0 = 0;
        float s1 = 0;
        float s2 = 0;
        float s3 = 0;
        int k = 0;
        for (; k + 3 < dim; k += 4) {
            s0 += a[aFrom + k] * b[bFrom + k];
            s1 += a[aFrom + k + 1] * b[bFrom + k + 1];
            s2 += a[aFrom + k + 2] * b[bFrom + k + 2];
            s3 += a[aFrom + k + 3] * b[bFrom + k + 3];
        }
        for (; k < dim; k++) {
            s0 += a[aFrom + k] * b[bFrom + k];
        }
        return (s0 + s1) + (s2 + s3);
    }

    /** The mean of the rows (the candidate stage's vector). */
    public static float[] meanRow(float[] matrix, int dim) {
        int rows = matrix.length / dim;
        double[] sum = new double[dim];
        for (int r = 0; r < rows; r++) {
            for (int k = 0; k < dim; k++) {
                sum[k] += matrix[r * dim + k];
            }
        }
        float[] mean = new float[dim];
        for (int k = 0; k < dim; k++) {
            mean[k] = (float) (sum[k] / Math.max(1, rows));
        }
        return mean;
    }

    /**
     * Checks a matrix of a request: at least one row, a whole number of rows of {@code dim}, finite values;
     * {@link InvalidRequestException} naming {@code what} otherwise.
     */
    public static void check(float[] matrix, int dim, String what) {
        if (matrix.length == 0 || matrix.length % dim != 0) {
            throw new InvalidRequestException(what + " has " + matrix.length + " values: not a whole number (at least 1) of rows of "
                    + "the collection's dimension " + dim);
        }
        for (float x : matrix) {
            if (!Float.isFinite(x)) {
                throw new InvalidRequestException(what + " has a non-finite value " + x);
            }
        }
    }
}
