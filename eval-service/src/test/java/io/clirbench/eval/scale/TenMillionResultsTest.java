package io.clirbench.eval.scale;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.dataset.DatasetHash;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.dataset.DatasetWriter;
import io.clirbench.core.eval.JudgedDataset;
import io.clirbench.core.eval.RetrievalEvaluation;
import io.clirbench.core.eval.RunEvaluation;
import io.clirbench.core.eval.RunEvaluator;
import io.clirbench.core.format.trec.TrecRunWriter;
import io.clirbench.core.metrics.language.LanguageMetricsConfig;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import io.clirbench.core.report.JsonReport;
import io.clirbench.core.report.ReportFiles;
import io.clirbench.core.run.RankedList;
import io.clirbench.core.stats.Stats;
import io.clirbench.eval.config.EvalConfig;
import io.clirbench.eval.pipeline.EvaluationState;
import io.clirbench.eval.retrieval.DatasetCache;
import io.clirbench.eval.retrieval.EvaluationStore;
import io.clirbench.eval.retrieval.ResultRowMapper;
import io.clirbench.eval.retrieval.ResultStore;
import io.clirbench.eval.retrieval.RunFinalizer;
import io.clirbench.eval.retrieval.RunLists;
import io.clirbench.proto.events.v1.Hit;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.Retriever;
import io.clirbench.proto.events.v1.RunCompleted;
import io.clirbench.proto.events.v1.RunStarted;
import io.clirbench.service.store.Database;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.flywaydb.core.Flyway;
import org.h2.jdbcx.JdbcConnectionPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 40: a run of 10,000 queries x depth 1,000 (10 million results) stored and evaluated by the eval-service's own
 * stores and evaluation ({@link ResultRowMapper}, {@link ResultStore}, {@link RunFinalizer}) on a real H2 file database
 * migrated by the service's Flyway scripts, in a JVM of {@code -Xmx256m} (this class runs in the surefire execution
 * {@code bounded-heap} of the module's pom, alone). The expected report is {@code bench eval}'s: the same lists written
 * as a TREC run file and evaluated from the file by bench-core's run-file path. Without Kafka (the events' path is
 * covered at demo size by the messaging tests): what is measured here is storage and evaluation, which ran out of heap.
 */
class TenMillionResultsTest {

    private static final int QUERIES = 10_000;
    private static final int DEPTH = 1_000;
    private static final int FAMILIES = 10_000;
    private static final int BOOTSTRAP = 1_000;
    private static final long SEED = 3;
    private static final List<String> LANGUAGES = List.of("ar", "de", "el", "en", "es", "hi", "ru", "th", "tr", "zh");
    private static final String RETRIEVER = "bm25";

    @Test
    void tenMillionResultsEvaluateInAQuarterGibibyteToTheReportOfBenchEval(@TempDir Path dir) throws Exception {
        long maxHeap = Runtime.getRuntime().maxMemory();
        assertThat(maxHeap).as("this test proves bounded memory only under -Xmx256m (surefire execution bounded-heap)")
                .isLessThanOrEqualTo(260L << 20);
        Path datasetDir = dir.resolve("dataset");
        DatasetWriter.write(dataset(), datasetDir, true);
        Dataset dataset = DatasetReader.read(datasetDir);
        RunStarted started = RunStarted.newBuilder().setRunId("ten-million").setDatasetId(dataset.info().id())
                .setDatasetVersion(dataset.info().version()).setDepth(DEPTH).setExpectedQueries(QUERIES).setSeed(SEED)
                .setBootstrap(BOOTSTRAP).setDatasetLocation(datasetDir.toString()).setDatasetHash(DatasetHash.of(datasetDir))
                .addRetrievers(Retriever.newBuilder().setId(RETRIEVER).setKind("bm25")).build();

        JdbcConnectionPool pool = JdbcConnectionPool.create("jdbc:h2:file:" + dir.resolve("evaldb")
                + ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE;DEFAULT_NULL_ORDERING=HIGH", "sa", "");
        Flyway.configure().dataSource(pool).locations("classpath:db/migration").load().migrate();
        Database db = new Database(pool, false);
        EvaluationStore runs = new EvaluationStore();
        ResultStore results = new ResultStore();
        DatasetCache datasets = new DatasetCache(config());
        RunFinalizer finalizer = new RunFinalizer(db, runs, new RunLists(db, results), datasets, results);
        ResultRowMapper scorer = new ResultRowMapper();
        JudgedDataset judged = datasets.load(started);

        // the results, stored as the service stores a validated QueryResult and written as bench eval reads them
        Path runFile = dir.resolve("bm25.trec");
        long storeStart = System.nanoTime();
        db.inTransaction(c -> {
            runs.insert(c, started.getRunId(), EvaluationState.RECEIVING, 0);
            runs.setStarted(c, started.getRunId(), started.toByteArray(), EvaluationState.RECEIVING);
            runs.setCorpusHash(c, started.getRunId(), datasets.hash(started));
            return null;
        });
        Random random = new Random(SEED);
        try (TrecRunWriter trec = new TrecRunWriter(runFile, RETRIEVER)) {
            for (int from = 0; from < QUERIES; from += 250) {
                List<QueryResult> batch = new ArrayList<>();
                for (Query query : dataset.queries().subList(from, Math.min(QUERIES, from + 250))) {
                    QueryResult result = result(started.getRunId(), query, dataset, random);
                    batch.add(result);
                    trec.write(io.clirbench.eval.retrieval.ResultMapper.toList(result));
                }
                db.inTransaction(c -> {
                    for (QueryResult result : batch) {
                        results.insertValid(c, scorer.score(judged, DEPTH, result), 0);
                    }
                    return null;
                });
            }
        }
        double storeSeconds = (System.nanoTime() - storeStart) / 1e9;
        db.inTransaction(c -> {
            runs.setCompleted(c, started.getRunId(), RunCompleted.newBuilder().setRunId(started.getRunId())
                    .setOutcome(RunCompleted.Outcome.SUCCEEDED).putPublishedQueries(RETRIEVER, QUERIES).build().toByteArray());
            runs.setState(c, started.getRunId(), EvaluationState.EVALUATING);
            return null;
        });
        long stored = db.inTransaction(c -> {
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT SUM(OCTET_LENGTH(hits)) FROM eval_result")) {
                rs.next();
                return rs.getLong(1);
            }
        });
        assertThat(stored).as("packed hits: at most 12 bytes a result (8 for float scores)").isLessThanOrEqualTo(12L * QUERIES * DEPTH + 64L * QUERIES);

        long serviceStart = System.nanoTime();
        String serviceReport = finalizer.render(started.getRunId()).get(ReportFiles.JSON);
        double serviceSeconds = (System.nanoTime() - serviceStart) / 1e9;

        long fileStart = System.nanoTime();
        RunEvaluator evaluator = judged.evaluator(LanguageMetricsConfig.defaults(DEPTH).withSeed(SEED), List.of());
        RunEvaluation fromFile = evaluator.evaluate(RETRIEVER, runFile, notice -> { });
        String benchEval = JsonReport.render(RetrievalEvaluation.evaluate(dataset, evaluator, List.of(fromFile), DEPTH,
                new Stats(BOOTSTRAP, SEED), line -> { }).withDatasetHash(DatasetHash.of(datasetDir)));
        double fileSeconds = (System.nanoTime() - fileStart) / 1e9;

        System.out.printf("10M results: stored in %.1f s (%d bytes of packed hits, %.2f a result, %.0f MiB on disk); "
                        + "evaluated by the service in %.1f s, from the TREC file in %.1f s; heap max %d MiB, peak used %d MiB%n",
                storeSeconds, stored, stored / (double) (QUERIES * DEPTH), Files.size(dir.resolve("evaldb.mv.db")) / 1048576.0,
                serviceSeconds, fileSeconds, maxHeap >> 20, peakHeapMiB());
        assertThat(fromFile.report().standard().measureNames()).isNotEmpty();
        assertThat(withoutFiles(serviceReport)).isEqualTo(withoutFiles(benchEval));
        pool.dispose();
    }

    /** Ten languages, each family in five of them: 50,000 documents; a query per family, on its family. */
    private static Dataset dataset() {
        Random random = new Random(SEED);
        List<Document> corpus = new ArrayList<>();
        List<Query> queries = new ArrayList<>();
        Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
        for (int f = 0; f < FAMILIES; f++) {
            String family = "f" + f;
            int first = random.nextInt(LANGUAGES.size());
            String gold = null;
            for (int k = 0; k < 5; k++) {
                String lang = LANGUAGES.get((first + 2 * k) % LANGUAGES.size());
                String id = family + "-" + lang;
                corpus.add(new Document(id, null, "text " + id, lang, family, null));
                gold = gold == null ? id : gold;
            }
            String queryId = "q" + f;
            queries.add(new Query(queryId, "query " + f, LANGUAGES.get(random.nextInt(LANGUAGES.size())), family, null));
            qrels.put(queryId, Map.of(gold, 1));
        }
        return new Dataset(new DatasetInfo("ten-million", "Ten million results", "1", "CC0-1.0", "generated by "
                + TenMillionResultsTest.class.getSimpleName(), LANGUAGES, true), corpus, queries, Qrels.of(qrels));
    }

    /**
     * DEPTH distinct documents with float scores in arbitrary order (ties included, as BM25 has them); the query's own
     * family is placed among them at a random depth for about two queries in three, so every measure varies.
     */
    private static QueryResult result(String runId, Query query, Dataset dataset, Random random) {
        List<Document> corpus = dataset.corpus();
        Map<Integer, Boolean> picked = new HashMap<>(DEPTH * 2);
        QueryResult.Builder result = QueryResult.newBuilder().setRunId(runId).setRetrieverId(RETRIEVER)
                .setQueryId(query.id()).setLatencyMicros(1000 + random.nextInt(1000));
        int family = Integer.parseInt(query.family().substring(1));
        if (random.nextInt(3) > 0) {
            for (int k = 0; k < 1 + random.nextInt(5); k++) {
                picked.put(family * 5 + random.nextInt(5), true);
            }
        }
        while (picked.size() < DEPTH) {
            picked.put(random.nextInt(corpus.size()), true);
        }
        for (int index : picked.keySet()) {
            float score = random.nextInt(40_000) / 16f; // a float exactly, as Lucene's BM25 scores are
            if (corpus.get(index).family().equals(query.family())) {
                score += random.nextInt(1_000) / 16f;
            }
            result.addHits(Hit.newBuilder().setDocId(corpus.get(index).id()).setScore(score));
        }
        return result.build();
    }

    private static long peakHeapMiB() {
        long peak = 0;
        for (var pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == java.lang.management.MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return peak >> 20;
    }

    private static JsonNode withoutFiles(String reportJson) throws Exception {
        JsonNode tree = new ObjectMapper().readTree(reportJson);
        tree.get("runs").forEach(run -> ((ObjectNode) run).remove("file"));
        ((ObjectNode) tree).remove("efficiency"); // measured by the service only (bench eval of a file has nothing to measure)
        return tree;
    }

    private static EvalConfig config() {
        return new EvalConfig() {
            @Override
            public Path dataDir() {
                return Path.of("target");
            }

            @Override
            public int datasetCacheSize() {
                return 1;
            }

            @Override
            public Evaluation evaluation() {
                throw new UnsupportedOperationException("not read by the dataset cache");
            }
        };
    }
}
