package io.clirbench.index.search;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.Future;

/**
 * Exact (flat) top-N over row-major vectors: the default store of benchmarks, because an
 * approximate index would bias depth metrics.
 *
 * <p>One pass over the data answers a whole group of queries: rows are visited in blocks of
 * {@value #BLOCK_ROWS}, the kernel scores the block against every query of the group (row data is
 * loaded once per four queries), and each query's scores go into its own bounded {@link TopN}, with
 * a threshold test so that most rows cost one comparison. Query groups run in parallel on a dedicated
 * {@link ForkJoinPool} of {@code threads} workers (never the common pool), created on first use for that
 * thread count and shut down by {@link #close()}; each worker reads all rows for its queries, no merge step.
 */
public final class ExactSearcher implements AutoCloseable {

    /**
     * Rows per block: 192 rows of 384 floats = 288 KiB, within L2 while the group's queries stay in L1;
     * a multiple of 48 so that the 3-chunk micro-kernel has no tail.
     */
    static final int BLOCK_ROWS = 192;
    /** Queries per pass: their vectors (32 × 384 floats = 48 KiB) stay hot in cache. */
    static final int GROUP_QUERIES = 32;

    private final DotKernel kernel;
    private final Map<Integer, ForkJoinPool> pools = new ConcurrentHashMap<>();
    private volatile boolean closed;

    public ExactSearcher(DotKernel kernel) {
        this.kernel = kernel;
    }

    public ExactSearcher() {
        this(DotKernel.best());
    }

    public DotKernel kernel() {
        return kernel;
    }

    /**
     * Top-{@code n} rows for each query.
     *
     * @param data    vectors in {@link BlockedLayout}, at least {@code BlockedLayout.floats(count, dim)} floats
     * @param tieRank rank of each row's doc id in ascending order ({@link IdOrder#tieRanks})
     * @param allowed rows that may be returned, or {@code null} for all
     * @param threads worker count (1 = the calling thread only)
     */
    public TopN.Ranked[] search(float[] data, int dim, int count, int[] tieRank, float[][] queries, int n,
                                BitSet allowed, int threads) {
        for (float[] q : queries) {
            if (q.length != dim) {
                throw new IllegalArgumentException("query dimension " + q.length + " != collection dimension " + dim);
            }
        }
        if (data.length < BlockedLayout.floats(count, dim)) {
            throw new IllegalArgumentException("data holds " + data.length + " floats, " + count + " rows of "
                    + dim + " need " + BlockedLayout.floats(count, dim));
        }
        TopN.Ranked[] results = new TopN.Ranked[queries.length];
        int groups = (queries.length + GROUP_QUERIES - 1) / GROUP_QUERIES;
        List<Callable<Void>> tasks = new ArrayList<>(groups);
        for (int g = 0; g < groups; g++) {
            int from = g * GROUP_QUERIES;
            int to = Math.min(queries.length, from + GROUP_QUERIES);
            tasks.add(() -> {
                float[][] group = java.util.Arrays.copyOfRange(queries, from, to);
                TopN.Ranked[] ranked = searchGroup(data, dim, count, tieRank, group, n, allowed);
                System.arraycopy(ranked, 0, results, from, ranked.length);
                return null;
            });
        }
        if (threads > 1 && groups > 1) {
            runAll(pool(threads), tasks);
        } else {
            for (Callable<Void> t : tasks) {
                call(t);
            }
        }
        return results;
    }

    private ForkJoinPool pool(int threads) {
        if (closed) {
            throw new IllegalStateException("exact searcher is closed");
        }
        return pools.computeIfAbsent(threads, t -> new ForkJoinPool(t, pool -> {
            ForkJoinWorkerThread w = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
            w.setName("exact-search-" + w.getPoolIndex());
            return w;
        }, null, false));
    }

    private static void runAll(ForkJoinPool pool, List<Callable<Void>> tasks) {
        List<Future<Void>> futures = pool.invokeAll(tasks);
        for (Future<Void> f : futures) {
            try {
                f.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted during an exact search", e);
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
            }
        }
    }

    private static void call(Callable<Void> task) {
        try {
            task.call();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Shuts the worker pools down (waits for running searches). */
    @Override
    public void close() {
        closed = true;
        pools.values().forEach(ForkJoinPool::close);
        pools.clear();
    }

    private TopN.Ranked[] searchGroup(float[] data, int dim, int count, int[] tieRank, float[][] group, int n,
                                      BitSet allowed) {
        int nq = group.length;
        TopN[] heaps = new TopN[nq];
        for (int q = 0; q < nq; q++) {
            heaps[q] = new TopN(Math.max(1, Math.min(n, count)), tieRank);
        }
        float[][] scores = new float[nq][BLOCK_ROWS];
        for (int from = 0; from < count; from += BLOCK_ROWS) {
            int to = Math.min(count, from + BLOCK_ROWS);
            // the kernel scores whole blocks; rows of the zero padding past count are not offered
            kernel.dots(data, dim, from, BlockedLayout.paddedRows(to), group, scores);
            for (int q = 0; q < nq; q++) {
                offerBlock(heaps[q], scores[q], from, to, allowed);
            }
        }
        TopN.Ranked[] out = new TopN.Ranked[nq];
        for (int q = 0; q < nq; q++) {
            out[q] = heaps[q].drain();
        }
        return out;
    }

    private static void offerBlock(TopN heap, float[] s, int from, int to, BitSet allowed) {
        float threshold = heap.threshold();
        for (int r = from; r < to; r++) {
            float v = s[r - from];
            // >= keeps equal scores: a tie may still win on doc id
            if (v >= threshold && (allowed == null || allowed.get(r))) {
                heap.offer(r, v);
                threshold = heap.threshold();
            }
        }
    }
}
