package io.clirbench.index.bench;

import io.clirbench.index.search.DotKernel;
import io.clirbench.index.search.ExactSearcher;
import io.clirbench.index.search.IdOrder;
import io.clirbench.index.search.ScalarDotKernel;
import io.clirbench.index.search.TopN;
import io.clirbench.index.store.CollectionSpec;
import io.clirbench.index.store.Hit;
import io.clirbench.index.store.StoreKind;
import io.clirbench.index.store.Metric;
import io.clirbench.index.store.PayloadFilter;
import io.clirbench.index.store.PointPayload;
import io.clirbench.index.store.Points;
import io.clirbench.index.store.exact.ExactStore;
import io.clirbench.index.store.hnsw.HnswStore;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Speed harness of issue 5 (never part of CI: tag "benchmark", excluded by default). Run:
 * <pre>
 * ./mvnw -q -pl index-service -am test -Dtest=IndexBenchmark -Dexcluded.test.groups=none -Dsurefire.failIfNoSpecifiedTests=false
 * </pre>
 * Sizes via -Dbench.count, -Dbench.dim, -Dbench.queries, -Dbench.n (defaults 50,000 × 384, 1,200 queries,
 * top-1,000). Results go to stdout and target/benchmarks/index-benchmark.txt.
 */
@Tag("benchmark")
class IndexBenchmark {

    private final int count = Integer.getInteger("bench.count", 50_000);
    private final int dim = Integer.getInteger("bench.dim", 384);
    private final int nq = Integer.getInteger("bench.queries", 1_200);
    private final int n = Integer.getInteger("bench.n", 1_000);
    private final int scalarQueries = Integer.getInteger("bench.scalar-queries", 60);
    private final int threads = Runtime.getRuntime().availableProcessors();
    private final StringBuilder report = new StringBuilder();

    @Test
    void run() throws IOException {
        line("machine: %d CPUs (%s), %s %s, JDK %s, kernel %s, FMA species %s", threads, cpuModel(),
                System.getProperty("os.name"), System.getProperty("os.arch"), System.getProperty("java.version"),
                DotKernel.best().name(), FmaPeak.species());
        line("load average at start: %s", loadAverage());
        SyntheticEmbeddings gen = new SyntheticEmbeddings(1, dim, 1_000, 1.0f);
        float[][] rows = gen.next(count);
        float[][] queries = gen.next(nq);
        float[] rowMajor = new float[count * dim];
        String[] ids = new String[count];
        for (int i = 0; i < count; i++) {
            System.arraycopy(rows[i], 0, rowMajor, i * dim, dim);
            ids[i] = String.format(Locale.ROOT, "doc-%06d", i);
        }
        float[] flat = io.clirbench.index.search.BlockedLayout.fromRows(rows);
        int[] ranks = IdOrder.tieRanks(ids, count);
        double flopsPerQuery = 2.0 * dim * count;

        double peak1 = FmaPeak.gflops(1, 3);
        double peakAll = FmaPeak.gflops(threads, 3);
        line("compute bound (measured register-only FMA): %.1f GFLOP/s on 1 thread, %.1f on %d threads", peak1, peakAll, threads);

        // (i) scalar one-query-at-a-time loop, on a subset of queries (it is slow), after a warm-up
        float[][] subset = Arrays.copyOf(queries, scalarQueries);
        scalarLoop(rowMajor, ranks, Arrays.copyOf(queries, 5));
        long t0 = System.nanoTime();
        TopN.Ranked[] scalarResults = scalarLoop(rowMajor, ranks, subset);
        double scalarQps = scalarQueries / ((System.nanoTime() - t0) / 1e9);
        line("exact, scalar one query at a time, 1 thread: %.1f queries/s, %.2f GFLOP/s (%d queries)",
                scalarQps, scalarQps * flopsPerQuery / 1e9, scalarQueries);

        double fallback1 = exact(new ExactSearcher(new ScalarDotKernel()), flat, ranks, subset, 1, "scalar fallback, batched", null);
        double vector1 = exact(new ExactSearcher(), flat, ranks, queries, 1, "Vector API, batched", scalarResults);
        double vectorAll = exact(new ExactSearcher(), flat, ranks, queries, threads, "Vector API, batched", null);
        kernelOnly(flat, queries, peak1);
        line("ratio to the scalar loop: %.1fx (1 thread), %.1fx (%d threads); scalar fallback batched %.1fx",
                vector1 / scalarQps, vectorAll / scalarQps, threads, fallback1 / scalarQps);
        line("share of the compute bound: %.0f%% (1 thread), %.0f%% (%d threads)",
                100 * vector1 * flopsPerQuery / 1e9 / peak1, 100 * vectorAll * flopsPerQuery / 1e9 / peakAll, threads);

        memory(rows, ids);
        hnsw(rows, ids, flat, ranks, queries);
        Path out = Path.of("target/benchmarks/index-benchmark.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
    }

    private double exact(ExactSearcher searcher, float[] flat, int[] ranks, float[][] queries, int t, String label,
                         TopN.Ranked[] check) {
        searcher.search(flat, dim, count, ranks, Arrays.copyOf(queries, Math.min(64, queries.length)), n, null, t); // warm-up
        double best = Double.MAX_VALUE;
        TopN.Ranked[] results = null;
        for (int round = 0; round < 3; round++) {
            long t0 = System.nanoTime();
            results = searcher.search(flat, dim, count, ranks, queries, n, null, t);
            best = Math.min(best, (System.nanoTime() - t0) / 1e9);
        }
        double qps = queries.length / best;
        line("exact, %s, %d thread(s): %.1f queries/s, %.2f GFLOP/s (%d queries, top-%d, best of 3: %.2f s)",
                label, t, qps, qps * 2.0 * dim * count / 1e9, queries.length, n, best);
        if (check != null) {
            // float sums in another order differ in the last bits, which reorders near-ties: compare scores by rank
            // and the id sets, not the exact lists
            int same = 0;
            double maxDiff = 0;
            long overlap = 0;
            for (int q = 0; q < check.length; q++) {
                same += Arrays.equals(check[q].rows(), results[q].rows()) ? 1 : 0;
                Set<Integer> ref = new HashSet<>();
                for (int i = 0; i < check[q].size(); i++) {
                    ref.add(check[q].rows()[i]);
                    maxDiff = Math.max(maxDiff, Math.abs(check[q].scores()[i] - results[q].scores()[i]));
                }
                for (int r : results[q].rows()) {
                    overlap += ref.contains(r) ? 1 : 0;
                }
            }
            line("  check against the scalar loop: %d of %d lists identical, id overlap %.4f, max score difference at equal rank %.2e",
                    same, check.length, overlap / (double) (check.length * n), maxDiff);
        }
        return qps;
    }

    /** The baseline: row-major data, one query at a time, a plain loop per dot product, a heap per query. */
    /** The dot products alone (no top-N): how much of the search time the top-N bookkeeping takes. */
    private void kernelOnly(float[] flat, float[][] queries, double peak1) {
        DotKernel kernel = DotKernel.best();
        int blockRows = 192;
        float[][] out = new float[32][blockRows];
        int padded = io.clirbench.index.search.BlockedLayout.paddedRows(count);
        double best = Double.MAX_VALUE;
        for (int round = 0; round < 3; round++) {
            long t0 = System.nanoTime();
            for (int g = 0; g + 32 <= queries.length; g += 32) {
                float[][] group = Arrays.copyOfRange(queries, g, g + 32);
                for (int from = 0; from < padded; from += blockRows) {
                    kernel.dots(flat, dim, from, Math.min(padded, from + blockRows), group, out);
                }
            }
            best = Math.min(best, (System.nanoTime() - t0) / 1e9);
        }
        double gflops = 2.0 * dim * count * (queries.length / 32 * 32) / best / 1e9;
        line("exact, kernel alone (dot products without top-N selection), 1 thread: %.1f GFLOP/s = %.0f%% of the compute bound",
                gflops, 100 * gflops / peak1);
    }

    private TopN.Ranked[] scalarLoop(float[] flat, int[] ranks, float[][] queries) {
        TopN.Ranked[] out = new TopN.Ranked[queries.length];
        for (int q = 0; q < queries.length; q++) {
            float[] qv = queries[q];
            TopN heap = new TopN(n, ranks);
            for (int r = 0; r < count; r++) {
                float s = 0;
                int base = r * dim;
                for (int d = 0; d < dim; d++) {
                    s += flat[base + d] * qv[d];
                }
                heap.offer(r, s);
            }
            out[q] = heap.drain();
        }
        return out;
    }

    private void memory(float[][] rows, String[] ids) throws IOException {
        Path dir = Files.createTempDirectory("bench-exact");
        List<PointPayload> payloads = new ArrayList<>();
        for (String id : ids) {
            payloads.add(new PointPayload(id, "en", "fam-" + id.substring(4)));
        }
        Runtime rt = Runtime.getRuntime();
        System.gc();
        long before = rt.totalMemory() - rt.freeMemory();
        ExactStore store = new ExactStore(new CollectionSpec("m", dim, Metric.DOT, StoreKind.EXACT, 0, 0), dir,
                new ExactSearcher(), 1);
        store.upsert(new Points(List.of(rows), payloads));
        System.gc();
        long after = rt.totalMemory() - rt.freeMemory();
        line("memory, exact: %d B/vector of float data (%d x 4), ~%d B/vector on the heap with ids and payload (heap delta; growth slack included), %d B/vector on disk",
                dim * 4, dim, (after - before) / count, size(dir) / count);
        store.search(new float[][] {rows[0]}, 1, PayloadFilter.NONE, 0); // keep it reachable until here
        delete(dir);
    }

    private void hnsw(float[][] rows, String[] ids, float[] flat, int[] ranks, float[][] queries) throws IOException {
        Path dir = Files.createTempDirectory("bench-hnsw");
        List<PointPayload> payloads = new ArrayList<>();
        for (String id : ids) {
            payloads.add(new PointPayload(id, "en", "f"));
        }
        int k = 100;
        ExactSearcher exact = new ExactSearcher();
        exact.search(flat, dim, count, ranks, Arrays.copyOf(queries, 64), k, null, 1); // warm-up
        long e0 = System.nanoTime();
        TopN.Ranked[] truth = exact.search(flat, dim, count, ranks, queries, k, null, 1);
        line("exact top-%d for comparison, 1 thread: %.1f queries/s", k, queries.length / ((System.nanoTime() - e0) / 1e9));
        try (HnswStore store = new HnswStore(new CollectionSpec("h", dim, Metric.DOT, StoreKind.HNSW, 16, 100), dir)) {
            long t0 = System.nanoTime();
            store.upsert(new Points(List.of(rows), payloads));
            double build = (System.nanoTime() - t0) / 1e9;
            line("HNSW (Lucene 10, M 16, ef_construction 100): build %.1f s for %d vectors (one upsert + commit, 1 thread), %d B/vector on disk",
                    build, count, size(dir) / count);
            for (int ef : new int[] {100, 200, 500}) {
                store.search(Arrays.copyOf(queries, 50), k, PayloadFilter.NONE, ef); // warm-up
                long s0 = System.nanoTime();
                List<List<Hit>> got = store.search(queries, k, PayloadFilter.NONE, ef);
                double secs = (System.nanoTime() - s0) / 1e9;
                double recall = recall(got, truth, ids, k);
                line("HNSW ef %d: %.1f queries/s (1 thread, %d queries, top-%d), recall@%d against exact = %.4f",
                        ef, queries.length / secs, queries.length, k, k, recall);
            }
        }
        delete(dir);
    }

    private static double recall(List<List<Hit>> got, TopN.Ranked[] truth, String[] ids, int k) {
        long found = 0;
        for (int q = 0; q < truth.length; q++) {
            Set<String> t = new HashSet<>();
            for (int r : truth[q].rows()) {
                t.add(ids[r]);
            }
            found += got.get(q).stream().filter(h -> t.contains(h.docId())).count();
        }
        return found / (double) (k * truth.length);
    }

    private static long size(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }

    private static String cpuModel() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            return lines.filter(l -> l.startsWith("model name")).findFirst().map(l -> l.replaceAll(".*:\\s*", "")).orElse("?");
        } catch (IOException e) {
            return "?";
        }
    }

    private static String loadAverage() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "?";
        }
    }

    private void line(String format, Object... args) {
        String s = String.format(Locale.ROOT, format, args);
        System.out.println(s);
        report.append(s).append('\n');
    }
}
