package io.clirbench.index.store;

/** Token matrices (rows of one dimension, row-major) and their MaxSim score. */
public final class MultiVectors {

    private MultiVectors() {
    }

    /**
     * MaxSim (ColBERT): for each query row the largest dot product with a document row, summed over the query rows; in
     * double, rows of {@code dim} values.
     */
    public static double maxSim(float[] query, float[] document, int dim) {
        double sum = 0;
        for (int q = 0; q < query.length; q += dim) {
            double best = Double.NEGATIVE_INFINITY;
            for (int d = 0; d < document.length; d += dim) {
                double dot = 0;
                for (int k = 0; k < dim; k++) {
                    dot += (double) query[q + k] * document[d + k];
                }
                best = Math.max(best, dot);
            }
            sum += best;
        }
        return sum;
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
