package io.clirbench.index.bench;

import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.model.Query;
import io.clirbench.grpc.auth.ServiceToken;
import io.clirbench.grpc.auth.ServiceTokenCredentials;
import io.clirbench.lexical.LanguageAnalyzers;
import io.clirbench.proto.index.v1.CreateCollectionRequest;
import io.clirbench.proto.index.v1.DropCollectionRequest;
import io.clirbench.proto.index.v1.IndexKind;
import io.clirbench.proto.index.v1.IndexServiceGrpc;
import io.clirbench.proto.index.v1.Payload;
import io.clirbench.proto.index.v1.Point;
import io.clirbench.proto.index.v1.QueryVector;
import io.clirbench.proto.index.v1.SearchBatchRequest;
import io.clirbench.proto.index.v1.SearchTextBatchRequest;
import io.clirbench.proto.index.v1.TextQuery;
import io.clirbench.proto.index.v1.UpsertRequest;
import io.grpc.Grpc;
import io.grpc.InsecureChannelCredentials;
import io.grpc.ManagedChannel;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Issue 40's ratio harness (never part of CI: tag "benchmark"): the same queries, top-{@code depth}, searched
 * <ol>
 * <li><b>raw Lucene</b>: an {@link IndexSearcher} (BM25) over the index-service's own on-disk BM25 index of the dataset
 * (opened read-only beside the running service), each query analysed by its language's analyzer
 * ({@link LanguageAnalyzers}, as the service does), one Lucene query per search (a SHOULD group per language field),
 * {@code searcher.search(q, depth)} (score, then Lucene doc order), the stored ids read; all cores, one query per task;</li>
 * <li><b>index-service</b>: SearchTextBatch over gRPC (batches of 64, one batch in flight per core), as the gateway
 * calls it;</li>
 * <li><b>stack</b> (when {@code -Dbench.gateway} is given): a {@code bm25} run of the dataset submitted to the gateway
 * (REST), timed from submit to COMPLETED (search, publish to Kafka, store and evaluate in the eval-service), the
 * collection already filled (a first run fills it; its time is not counted).</li>
 * </ol>
 * and for dense, {@code -Dbench.dense-docs} seeded random unit vectors ({@code -Dbench.dim}) in an exact collection:
 * a raw exact scan (a plain Java loop of dot products and a top-n heap, all cores) against SearchBatch over gRPC.
 * Each measurement runs {@code -Dbench.rounds} times after one warm-up round; the best round is reported.
 * <pre>
 * ./mvnw -q -pl index-service test -Dtest=SearchRatioBenchmark -Dexcluded.test.groups=none -Dsurefire.failIfNoSpecifiedTests=false \
 *   -Dbench.dataset=.bench/datasets/debian -Dbench.bm25-dir=.bench/data/index/debian__bm25/bm25 \
 *   -Dbench.index=localhost:9002 -Dbench.token=$CLIRBENCH_SERVICE_TOKEN -Dbench.gateway=http://localhost:8080 \
 *   -Dbench.gateway-token=$CLIRBENCH_TOKEN -Dbench.dataset-id=debian
 * </pre>
 * The table goes to stdout and {@code target/benchmarks/search-ratio.txt}.
 */
@Tag("benchmark")
class SearchRatioBenchmark {

    private static final int BATCH = 64;
    private final int depth = Integer.getInteger("bench.depth", 1000);
    private final int rounds = Integer.getInteger("bench.rounds", 2);
    private final int threads = Runtime.getRuntime().availableProcessors();
    private final StringBuilder report = new StringBuilder();

    @Test
    void run() throws Exception {
        Path datasetDir = Path.of(System.getProperty("bench.dataset"));
        Path bm25Dir = Path.of(System.getProperty("bench.bm25-dir"));
        String collection = System.getProperty("bench.collection", bm25Dir.getParent().getFileName().toString());
        List<Query> queries = DatasetReader.readForEvaluation(datasetDir, (file, line, what) -> { }).queries();
        line("search ratio harness: %d queries of %s, top-%d, %d cores, %d measured round(s) after a warm-up, JDK %s",
                queries.size(), datasetDir, depth, threads, rounds, System.getProperty("java.version"));
        ManagedChannel channel = Grpc.newChannelBuilder(System.getProperty("bench.index", "localhost:9002"),
                        InsecureChannelCredentials.create())
                .intercept(ServiceTokenCredentials.interceptor(ServiceToken.of(System.getProperty("bench.token"))))
                .maxInboundMessageSize(256 << 20).build();
        IndexServiceGrpc.IndexServiceBlockingStub stub = IndexServiceGrpc.newBlockingStub(channel);
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            if (Boolean.parseBoolean(System.getProperty("bench.bm25", "true"))) {
                bm25(stub, bm25Dir, collection, queries, pool);
            }
            int denseDocs = Integer.getInteger("bench.dense-docs", 0);
            if (denseDocs > 0) {
                dense(stub, denseDocs, Integer.getInteger("bench.dim", 384), Integer.getInteger("bench.dense-queries", 1000), pool);
            }
        } finally {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
        }
        Path out = Path.of("target", "benchmarks", "search-ratio.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, report);
    }

    private void bm25(IndexServiceGrpc.IndexServiceBlockingStub stub, Path bm25Dir, String collection, List<Query> queries,
                      ExecutorService pool) throws Exception {
        double raw = best(() -> rawLucene(bm25Dir, queries, pool));
        double service = best(() -> serviceText(stub, collection, queries, pool));
        line("%-32s %10s %10s", "BM25 (" + collection + ")", "q/s", "ratio");
        line("%-32s %10.1f %10s", "raw Lucene IndexSearcher", raw, "1.00");
        line("%-32s %10.1f %10.2f  (goal >= 0.50 of raw)", "index-service SearchTextBatch", service, service / raw);
        String gateway = System.getProperty("bench.gateway");
        if (gateway != null) {
            double stack = best(() -> stackRun(gateway, queries.size()));
            line("%-32s %10.1f %10.2f  (goal >= 0.50 of index-service: %.2f)", "stack: bm25 run, submit to COMPLETED",
                    stack, stack / raw, stack / service);
        }
    }

    private interface Measured {
        double queriesPerSecond() throws Exception;
    }

    /** One warm-up round, then the best of {@link #rounds}. */
    private double best(Measured m) throws Exception {
        double warm = m.queriesPerSecond();
        double best = 0;
        for (int r = 0; r < rounds; r++) {
            best = Math.max(best, m.queriesPerSecond());
        }
        System.out.printf(Locale.ROOT, "  (warm-up %.1f q/s, best %.1f q/s)%n", warm, best);
        return best;
    }

    private double rawLucene(Path dir, List<Query> queries, ExecutorService pool) throws Exception {
        try (DirectoryReader reader = DirectoryReader.open(FSDirectory.open(dir))) {
            IndexSearcher searcher = new IndexSearcher(reader);
            searcher.setSimilarity(new BM25Similarity());
            List<String> fields = new ArrayList<>();
            for (FieldInfo fi : FieldInfos.getMergedFieldInfos(reader)) {
                if (fi.name.startsWith("text_")) {
                    fields.add(fi.name);
                }
            }
            LanguageAnalyzers analyzers = new LanguageAnalyzers();
            int maxTerms = Math.max(1, IndexSearcher.getMaxClauseCount() / Math.max(1, fields.size()));
            long t0 = System.nanoTime();
            List<Future<Integer>> done = new ArrayList<>();
            for (Query q : queries) {
                done.add(pool.submit(() -> {
                    List<String> terms = analyse(analyzers.forLanguage(q.lang()), q.text(), maxTerms);
                    BooleanQuery.Builder all = new BooleanQuery.Builder();
                    for (String f : fields) {
                        BooleanQuery.Builder group = new BooleanQuery.Builder();
                        terms.forEach(t -> group.add(new TermQuery(new Term(f, t)), BooleanClause.Occur.SHOULD));
                        all.add(group.build(), BooleanClause.Occur.SHOULD);
                    }
                    StoredFields stored = searcher.storedFields();
                    int ids = 0;
                    for (ScoreDoc sd : searcher.search(all.build(), depth).scoreDocs) {
                        ids += stored.document(sd.doc, Set.of("id")).get("id").length() > 0 ? 1 : 0;
                    }
                    return ids;
                }));
            }
            long hits = 0;
            for (Future<Integer> f : done) {
                hits += f.get();
            }
            double qps = queries.size() / ((System.nanoTime() - t0) / 1e9);
            System.out.printf(Locale.ROOT, "  raw Lucene: %.1f q/s, %.1f hits/query%n", qps, hits / (double) queries.size());
            return qps;
        }
    }

    private static List<String> analyse(Analyzer analyzer, String text, int max) throws IOException {
        Set<String> terms = new LinkedHashSet<>();
        try (TokenStream ts = analyzer.tokenStream("q", text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken() && terms.size() < max) {
                terms.add(term.toString());
            }
            ts.end();
        }
        return new ArrayList<>(terms);
    }

    private double serviceText(IndexServiceGrpc.IndexServiceBlockingStub stub, String collection, List<Query> queries,
                               ExecutorService pool) throws Exception {
        long t0 = System.nanoTime();
        List<Future<Long>> done = new ArrayList<>();
        for (int from = 0; from < queries.size(); from += BATCH) {
            List<Query> batch = queries.subList(from, Math.min(queries.size(), from + BATCH));
            done.add(pool.submit(() -> {
                SearchTextBatchRequest.Builder req = SearchTextBatchRequest.newBuilder().setCollection(collection).setTopN(depth);
                batch.forEach(q -> req.addQueries(TextQuery.newBuilder().setText(q.text()).setLang(q.lang())));
                return stub.withDeadlineAfter(10, TimeUnit.MINUTES).searchTextBatch(req.build()).getResultsList().stream()
                        .mapToLong(r -> r.getHitsCount()).sum();
            }));
        }
        long hits = 0;
        for (Future<Long> f : done) {
            hits += f.get();
        }
        double qps = queries.size() / ((System.nanoTime() - t0) / 1e9);
        System.out.printf(Locale.ROOT, "  index-service: %.1f q/s, %.1f hits/query%n", qps, hits / (double) queries.size());
        return qps;
    }

    /** Submits a bm25 run of the dataset and waits for COMPLETED; queries per second of the whole wait. */
    private double stackRun(String gateway, int queries) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        String token = System.getProperty("bench.gateway-token");
        String body = String.format(Locale.ROOT, "{\"dataset\":\"%s\",\"retrievers\":[\"bm25\"],\"depth\":%d,\"bootstrap\":%d}",
                System.getProperty("bench.dataset-id"), depth, Integer.getInteger("bench.bootstrap", 2000));
        long t0 = System.nanoTime();
        HttpResponse<String> submitted = http.send(HttpRequest.newBuilder(URI.create(gateway + "/api/runs"))
                .header("Authorization", "Bearer " + token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
        Matcher id = Pattern.compile("\"id\"\\s*:\\s*\"([^\"]+)\"").matcher(submitted.body());
        if (submitted.statusCode() / 100 != 2 || !id.find()) {
            throw new IllegalStateException("run not accepted: " + submitted.statusCode() + " " + submitted.body());
        }
        Pattern state = Pattern.compile("\"state\"\\s*:\\s*\"([A-Z_]+)\"");
        while (true) {
            Thread.sleep(200);
            String run = http.send(HttpRequest.newBuilder(URI.create(gateway + "/api/runs/" + id.group(1)))
                    .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofString()).body();
            Matcher s = state.matcher(run);
            String now = s.find() ? s.group(1) : "?";
            if (now.equals("COMPLETED")) {
                double qps = queries / ((System.nanoTime() - t0) / 1e9);
                System.out.printf(Locale.ROOT, "  stack run %s: %.1f q/s%n", id.group(1), qps);
                return qps;
            }
            if (now.equals("FAILED") || now.equals("CANCELLED")) {
                throw new IllegalStateException("run " + id.group(1) + " ended " + now + ": " + run);
            }
        }
    }

    private void dense(IndexServiceGrpc.IndexServiceBlockingStub stub, int docs, int dim, int nq, ExecutorService pool)
            throws Exception {
        Random random = new Random(40);
        float[][] rows = new float[docs][];
        for (int i = 0; i < docs; i++) {
            rows[i] = unit(random, dim);
        }
        float[][] queries = new float[nq][];
        for (int i = 0; i < nq; i++) {
            queries[i] = unit(random, dim);
        }
        String name = "search-ratio-dense";
        try {
            stub.dropCollection(DropCollectionRequest.newBuilder().setName(name).build());
        } catch (RuntimeException ignored) {
            // absent
        }
        stub.createCollection(CreateCollectionRequest.newBuilder().setName(name).setDimension(dim)
                .setKind(IndexKind.INDEX_KIND_EXACT).build());
        for (int from = 0; from < docs; from += 2000) {
            UpsertRequest.Builder req = UpsertRequest.newBuilder().setCollection(name);
            for (int i = from; i < Math.min(docs, from + 2000); i++) {
                Point.Builder p = Point.newBuilder().setPayload(Payload.newBuilder().setDocId("d" + i).setLang("xx").setFamily("f"));
                for (float v : rows[i]) {
                    p.addVector(v);
                }
                req.addPoints(p);
            }
            stub.withDeadlineAfter(10, TimeUnit.MINUTES).upsert(req.build());
        }
        double raw = best(() -> {
            long t0 = System.nanoTime();
            List<Future<Float>> done = new ArrayList<>();
            for (float[] q : queries) {
                done.add(pool.submit(() -> scanTop(rows, q)));
            }
            for (Future<Float> f : done) {
                f.get();
            }
            return nq / ((System.nanoTime() - t0) / 1e9);
        });
        double service = best(() -> {
            long t0 = System.nanoTime();
            List<Future<Integer>> done = new ArrayList<>();
            for (int from = 0; from < nq; from += BATCH) {
                int start = from;
                done.add(pool.submit(() -> {
                    SearchBatchRequest.Builder req = SearchBatchRequest.newBuilder().setCollection(name).setTopN(depth);
                    for (int i = start; i < Math.min(nq, start + BATCH); i++) {
                        QueryVector.Builder v = QueryVector.newBuilder();
                        for (float x : queries[i]) {
                            v.addValues(x);
                        }
                        req.addQueries(v);
                    }
                    return stub.withDeadlineAfter(10, TimeUnit.MINUTES).searchBatch(req.build()).getResultsCount();
                }));
            }
            for (Future<Integer> f : done) {
                f.get();
            }
            return nq / ((System.nanoTime() - t0) / 1e9);
        });
        line("%-32s %10s %10s", "dense exact (" + docs + " x " + dim + ")", "q/s", "ratio");
        line("%-32s %10.1f %10s", "raw exact scan (Java loop)", raw, "1.00");
        line("%-32s %10.1f %10.2f  (goal >= 0.50 of raw)", "index-service SearchBatch", service, service / raw);
        stub.dropCollection(DropCollectionRequest.newBuilder().setName(name).build());
    }

    private static float[] unit(Random random, int dim) {
        float[] v = new float[dim];
        double norm = 0;
        for (int i = 0; i < dim; i++) {
            v[i] = (float) random.nextGaussian();
            norm += v[i] * v[i];
        }
        float inv = (float) (1 / Math.sqrt(norm));
        for (int i = 0; i < dim; i++) {
            v[i] *= inv;
        }
        return v;
    }

    /** The plain scan: every dot product, the top {@link #depth} kept in a min-heap; returns the best score. */
    private float scanTop(float[][] rows, float[] q) {
        java.util.PriorityQueue<float[]> heap = new java.util.PriorityQueue<>(depth + 1, (a, b) -> Float.compare(a[0], b[0]));
        for (int i = 0; i < rows.length; i++) {
            float[] r = rows[i];
            float s = 0;
            for (int d = 0; d < r.length; d++) {
                s += r[d] * q[d];
            }
            if (heap.size() < depth) {
                heap.add(new float[] {s, i});
            } else if (s > heap.peek()[0]) {
                heap.poll();
                heap.add(new float[] {s, i});
            }
        }
        float best = Float.NEGATIVE_INFINITY;
        for (float[] e : heap) {
            best = Math.max(best, e[0]);
        }
        return best;
    }

    private void line(String format, Object... args) {
        String s = String.format(Locale.ROOT, format, args);
        System.out.println(s);
        report.append(s).append('\n');
    }
}
