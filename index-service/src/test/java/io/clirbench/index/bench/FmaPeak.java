package io.clirbench.index.bench;

import jdk.incubator.vector.FloatVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

import java.util.stream.IntStream;

/**
 * Measured compute bound: register-only fused multiply-adds on the preferred vector width, eight
 * independent accumulators (enough to hide FMA latency), no memory traffic. Its GFLOP/s is the ceiling
 * that a float32 dot-product kernel on this JVM and machine could reach.
 */
final class FmaPeak {

    private static final VectorSpecies<Float> S = FloatVector.SPECIES_PREFERRED;

    private FmaPeak() {
    }

    /** GFLOP/s with {@code threads} threads, best of {@code rounds}. */
    static double gflops(int threads, int rounds) {
        long iterations = 20_000_000L;
        double best = 0;
        for (int r = 0; r < rounds; r++) {
            long t0 = System.nanoTime();
            double sink = IntStream.range(0, threads).parallel().mapToDouble(t -> run(iterations)).sum();
            double s = (System.nanoTime() - t0) / 1e9;
            if (sink == 42) {
                System.out.println();
            }
            double flops = 2.0 * S.length() * 8 * iterations * threads;
            best = Math.max(best, flops / s / 1e9);
        }
        return best;
    }

    private static double run(long iterations) {
        FloatVector m = FloatVector.broadcast(S, 0.999999f);
        FloatVector a = FloatVector.broadcast(S, 1e-6f);
        FloatVector v0 = FloatVector.broadcast(S, 1f), v1 = v0.add(1), v2 = v0.add(2), v3 = v0.add(3);
        FloatVector v4 = v0.add(4), v5 = v0.add(5), v6 = v0.add(6), v7 = v0.add(7);
        for (long i = 0; i < iterations; i++) {
            v0 = v0.fma(m, a);
            v1 = v1.fma(m, a);
            v2 = v2.fma(m, a);
            v3 = v3.fma(m, a);
            v4 = v4.fma(m, a);
            v5 = v5.fma(m, a);
            v6 = v6.fma(m, a);
            v7 = v7.fma(m, a);
        }
        return v0.add(v1).add(v2).add(v3).add(v4).add(v5).add(v6).add(v7).reduceLanes(VectorOperators.ADD);
    }

    static String species() {
        return S.vectorBitSize() + "-bit x " + S.length() + " lanes";
    }
}
