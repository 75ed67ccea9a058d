package io.clirbench.index.search;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/**
 * JDK Vector API kernel: each row chunk is loaded once and multiplied into four query accumulators
 * (fused multiply-add), so the row data is read once per four queries. Loaded reflectively by
 * {@link Kernels} only when {@code --add-modules jdk.incubator.vector} is given.
 */
public final class VectorApiDotKernel implements DotKernel {

    private static final VectorSpecies<Float> SPECIES = FloatVector.SPECIES_PREFERRED;

    @Override
    public void dots(float[] data, int dim, int fromRow, int toRow, float[][] queries, float[][] out) {
        int nq = queries.length;
        int bound = SPECIES.loopBound(dim);
        for (int r = fromRow; r < toRow; r++) {
            int base = r * dim;
            int q = 0;
            for (; q + 4 <= nq; q += 4) {
                dots4(data, base, dim, bound, queries, q, out, r - fromRow);
            }
            for (; q < nq; q++) {
                out[q][r - fromRow] = dot1(data, base, dim, bound, queries[q]);
            }
        }
    }

    private static void dots4(float[] data, int base, int dim, int bound, float[][] queries, int q,
                              float[][] out, int col) {
        float[] q0 = queries[q], q1 = queries[q + 1], q2 = queries[q + 2], q3 = queries[q + 3];
        FloatVector a0 = FloatVector.zero(SPECIES), a1 = a0, a2 = a0, a3 = a0;
        int d = 0;
        for (; d < bound; d += SPECIES.length()) {
            FloatVector x = FloatVector.fromArray(SPECIES, data, base + d);
            a0 = x.fma(FloatVector.fromArray(SPECIES, q0, d), a0);
            a1 = x.fma(FloatVector.fromArray(SPECIES, q1, d), a1);
            a2 = x.fma(FloatVector.fromArray(SPECIES, q2, d), a2);
            a3 = x.fma(FloatVector.fromArray(SPECIES, q3, d), a3);
        }
        float s0 = a0.reduceLanes(VectorOperators.ADD), s1 = a1.reduceLanes(VectorOperators.ADD);
        float s2 = a2.reduceLanes(VectorOperators.ADD), s3 = a3.reduceLanes(VectorOperators.ADD);
        for (; d < dim; d++) {
            float x = data[base + d];
            s0 += x * q0[d];
            s1 += x * q1[d];
            s2 += x * q2[d];
            s3 += x * q3[d];
        }
        out[q][col] = s0;
        out[q + 1][col] = s1;
        out[q + 2][col] = s2;
        out[q + 3][col] = s3;
    }

    private static float dot1(float[] data, int base, int dim, int bound, float[] qv) {
        FloatVector acc = FloatVector.zero(SPECIES);
        int d = 0;
        for (; d < bound; d += SPECIES.length()) {
            acc = FloatVector.fromArray(SPECIES, data, base + d).fma(FloatVector.fromArray(SPECIES, qv, d), acc);
        }
        float s = acc.reduceLanes(VectorOperators.ADD);
        for (; d < dim; d++) {
            s += data[base + d] * qv[d];
        }
        return s;
    }

    @Override
    public String name() {
        return "vector-api(" + SPECIES.vectorBitSize() + " bit)";
    }
}
