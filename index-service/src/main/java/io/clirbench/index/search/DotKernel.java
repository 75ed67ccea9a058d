package io.clirbench.index.search;

/**
 * Dot products of stored rows ({@link BlockedLayout}) against a group of queries. Implementations:
 * {@link ScalarDotKernel} and, where the {@code jdk.incubator.vector} module is present,
 * {@code VectorApiDotKernel}.
 */
public interface DotKernel {

    /**
     * For each row {@code r} in {@code [fromRow, toRow)} (both multiples of {@link BlockedLayout#BLOCK}, within
     * the padded data) and each query {@code q}: {@code out[q][r - fromRow] = dot(row r, queries[q])}.
     */
    void dots(float[] data, int dim, int fromRow, int toRow, float[][] queries, float[][] out);

    /** Short name for logs and benchmark output. */
    String name();

    /** The fastest kernel this JVM offers: Vector API when its module is loaded, otherwise scalar. */
    static DotKernel best() {
        return Kernels.BEST;
    }
}
