package io.clirbench.index.search;

/** Plain-Java kernel: four queries per row load, the fallback when the Vector API module is absent. */
public final class ScalarDotKernel implements DotKernel {

    @Override
    public void dots(float[] data, int dim, int fromRow, int toRow, float[][] queries, float[][] out) {
        int nq = queries.length;
        for (int r = fromRow; r < toRow; r++) {
            int base = r * dim;
            int q = 0;
            for (; q + 4 <= nq; q += 4) {
                float[] q0 = queries[q], q1 = queries[q + 1], q2 = queries[q + 2], q3 = queries[q + 3];
                float s0 = 0, s1 = 0, s2 = 0, s3 = 0;
                for (int d = 0; d < dim; d++) {
                    float x = data[base + d];
                    s0 += x * q0[d];
                    s1 += x * q1[d];
                    s2 += x * q2[d];
                    s3 += x * q3[d];
                }
                out[q][r - fromRow] = s0;
                out[q + 1][r - fromRow] = s1;
                out[q + 2][r - fromRow] = s2;
                out[q + 3][r - fromRow] = s3;
            }
            for (; q < nq; q++) {
                float[] qv = queries[q];
                float s = 0;
                for (int d = 0; d < dim; d++) {
                    s += data[base + d] * qv[d];
                }
                out[q][r - fromRow] = s;
            }
        }
    }

    @Override
    public String name() {
        return "scalar";
    }
}
