package io.clirbench.index.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import org.junit.jupiter.api.Test;

/** index.search-threads sizes a dedicated pool: groups never run on the common pool. */
class ExactSearcherThreadsTest {

    /** Scalar kernel that records the thread of every call. */
    private static final class RecordingKernel implements DotKernel {
        final Set<Thread> threads = ConcurrentHashMap.newKeySet();
        private final ScalarDotKernel inner = new ScalarDotKernel();

        @Override
        public void dots(float[] data, int dim, int fromRow, int toRow, float[][] queries, float[][] out) {
            threads.add(Thread.currentThread());
            inner.dots(data, dim, fromRow, toRow, queries, out);
        }

        @Override
        public String name() {
            return "recording";
        }
    }

    private static float[][] rows(int count, int dim) {
        float[][] r = new float[count][dim];
        for (int i = 0; i < count; i++) {
            r[i][i % dim] = i + 1; // row i scores i+1 against the unit query on axis i % dim
        }
        return r;
    }

    @Test
    void groupsRunOnADedicatedPoolOfTheConfiguredSize() {
        int dim = 4;
        float[][] rows = rows(64, dim);
        String[] ids = new String[64];
        for (int i = 0; i < 64; i++) {
            ids[i] = String.format("d%02d", i);
        }
        float[][] queries = new float[10 * ExactSearcher.GROUP_QUERIES][dim];
        for (float[] q : queries) {
            q[0] = 1f;
        }
        RecordingKernel kernel = new RecordingKernel();
        ExactSearcher searcher = new ExactSearcher(kernel);
        TopN.Ranked[] got = searcher.search(BlockedLayout.fromRows(rows), dim, 64, IdOrder.tieRanks(ids, 64),
                queries, 2, null, 3);
        // rows on axis 0: 0, 4, 8, ..., 60; the largest scores are rows 60 (61) and 56 (57)
        assertThat(got[0].rows()).containsExactly(60, 56);
        assertThat(got[queries.length - 1].rows()).containsExactly(60, 56);

        assertThat(kernel.threads).allSatisfy(t -> {
            assertThat(t).isInstanceOf(ForkJoinWorkerThread.class);
            ForkJoinPool pool = ((ForkJoinWorkerThread) t).getPool();
            assertThat(pool).isNotSameAs(ForkJoinPool.commonPool());
            assertThat(pool.getParallelism()).isEqualTo(3);
        });
        assertThat(kernel.threads.size()).isBetween(1, 3);

        searcher.close();
        assertThatThrownBy(() -> searcher.search(BlockedLayout.fromRows(rows), dim, 64, IdOrder.tieRanks(ids, 64),
                queries, 2, null, 3)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void oneThreadRunsOnTheCaller() {
        RecordingKernel kernel = new RecordingKernel();
        float[][] rows = rows(16, 4);
        String[] ids = new String[16];
        for (int i = 0; i < 16; i++) {
            ids[i] = "d" + (char) ('a' + i);
        }
        float[][] queries = new float[3 * ExactSearcher.GROUP_QUERIES][4];
        try (ExactSearcher searcher = new ExactSearcher(kernel)) {
            searcher.search(BlockedLayout.fromRows(rows), 4, 16, IdOrder.tieRanks(ids, 16), queries, 1, null, 1);
        }
        assertThat(kernel.threads).containsExactly(Thread.currentThread());
    }
}
