package io.clirbench.index.store;

import java.util.Arrays;

/**
 * Weights by index, indices ascending and distinct, weights finite. {@link #of} sorts and checks what a request gives.
 *
 * @param indices ascending, distinct, non-negative
 * @param values one per index
 */
public record SparseVector(int[] indices, float[] values) {

    /**
     * The vector a request spells (indices in any order); {@link InvalidRequestException} naming {@code what} for
     * lengths that differ, a repeated or negative index, or a non-finite weight.
     */
    public static SparseVector of(int[] indices, float[] values, String what) {
        if (indices.length != values.length) {
            throw new InvalidRequestException(what + " has " + indices.length + " indices but " + values.length + " values");
        }
        Integer[] order = new Integer[indices.length];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
            if (indices[i] < 0) {
                throw new InvalidRequestException(what + " has index " + Integer.toUnsignedString(indices[i])
                        + ", above the largest supported (" + Integer.MAX_VALUE + ")");
            }
            if (!Float.isFinite(values[i])) {
                throw new InvalidRequestException(what + " has a non-finite value " + values[i] + " at index " + indices[i]);
            }
        }
        Arrays.sort(order, (a, b) -> Integer.compare(indices[a], indices[b]));
        int[] sortedIndices = new int[indices.length];
        float[] sortedValues = new float[indices.length];
        for (int i = 0; i < order.length; i++) {
            sortedIndices[i] = indices[order[i]];
            sortedValues[i] = values[order[i]];
            if (i > 0 && sortedIndices[i] == sortedIndices[i - 1]) {
                throw new InvalidRequestException(what + " repeats index " + sortedIndices[i]);
            }
        }
        return new SparseVector(sortedIndices, sortedValues);
    }

    public int size() {
        return indices.length;
    }

    /** The dot product with {@code other} (both sorted: one merge pass), in double. */
    public double dot(SparseVector other) {
        double sum = 0;
        int i = 0;
        int j = 0;
        while (i < indices.length && j < other.indices.length) {
            int c = Integer.compare(indices[i], other.indices[j]);
            if (c == 0) {
                sum += (double) values[i++] * other.values[j++];
            } else if (c < 0) {
                i++;
            } else {
                j++;
            }
        }
        return sum;
    }
}
