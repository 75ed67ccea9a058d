package io.clirbench.index.search;

/** Plain-Java kernel on the blocked layout (16 running sums per block and query): the fallback without the Vector API. */
public final class ScalarDotKernel implements DotKernel {

    private static final int B = BlockedLayout.BLOCK;

    @Override
    public void dots(float[] data, int dim, int fromRow, int toRow, float[][] queries, float[][] out) {
        float[] acc = new float[B];
        for (int row = fromRow; row < toRow; row += B) {
            int base = (row / B) * B * dim;
            for (int q = 0; q < queries.length; q++) {
                float[] qv = queries[q];
                java.util.Arrays.fill(acc, 0f);
                for (int d = 0; d < dim; d++) {
                    float w = qv[d];
                    int o = base + d * B;
                    for (int lane = 0; lane < B; lane++) {
                        acc[lane] += data[o + lane] * w;
                    }
                }
                System.arraycopy(acc, 0, out[q], row - fromRow, B);
            }
        }
    }

    @Override
    public String name() {
        return "scalar";
    }
}
