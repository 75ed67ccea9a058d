package io.clirbench.index.search;

/**
 * Memory layout of the exact store: rows in blocks of {@value #BLOCK} rows, each block stored
 * dimension-major ({@code block[d * 16 + lane]} = component {@code d} of row {@code 16 * block + lane}).
 * A SIMD lane then holds one row, so a kernel computes 16 dot products with one vector load and one
 * broadcast query component per dimension, and never reduces across lanes. The last block is
 * zero-padded; its padding rows score 0 and are never offered to a top-N heap.
 */
public final class BlockedLayout {

    public static final int BLOCK = 16;

    private BlockedLayout() {
    }

    /** Floats needed for {@code rows} rows (rounded up to whole blocks). */
    public static long floats(int rows, int dim) {
        return (long) paddedRows(rows) * dim;
    }

    public static int paddedRows(int rows) {
        return (rows + BLOCK - 1) / BLOCK * BLOCK;
    }

    /** Offset of component 0 of {@code row}; component {@code d} is at {@code offset + d * BLOCK}. */
    public static int offset(int row, int dim) {
        return (row / BLOCK) * BLOCK * dim + row % BLOCK;
    }

    public static void put(float[] data, int dim, int row, float[] v, int from) {
        int o = offset(row, dim);
        for (int d = 0; d < dim; d++) {
            data[o + d * BLOCK] = v[from + d];
        }
    }

    /** Copies {@code row} into {@code out[0, dim)}. */
    public static void copyRow(float[] data, int dim, int row, float[] out) {
        int o = offset(row, dim);
        for (int d = 0; d < dim; d++) {
            out[d] = data[o + d * BLOCK];
        }
    }

    /** Row-major copy of the first {@code rows} rows (for the file format). */
    public static float[] toRowMajor(float[] data, int dim, int rows) {
        float[] out = new float[rows * dim];
        for (int r = 0; r < rows; r++) {
            int o = offset(r, dim);
            for (int d = 0; d < dim; d++) {
                out[r * dim + d] = data[o + d * BLOCK];
            }
        }
        return out;
    }

    /** Blocked copy of row-major {@code rows}. */
    public static float[] fromRows(float[][] rows) {
        int dim = rows[0].length;
        float[] data = new float[(int) floats(rows.length, dim)];
        for (int r = 0; r < rows.length; r++) {
            put(data, dim, r, rows[r], 0);
        }
        return data;
    }
}
