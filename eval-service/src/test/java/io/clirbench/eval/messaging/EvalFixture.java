package io.clirbench.eval.messaging;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.dataset.DatasetHash;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.dataset.DatasetSample;
import io.clirbench.core.dataset.DatasetWriter;
import io.clirbench.core.eval.RetrievalEvaluation;
import io.clirbench.core.eval.RunEvaluation;
import io.clirbench.core.eval.RunEvaluator;
import io.clirbench.core.format.trec.TrecRunWriter;
import io.clirbench.core.metrics.StandardMeasures;
import io.clirbench.core.metrics.language.LanguageMetricsConfig;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import io.clirbench.core.report.JsonReport;
import io.clirbench.core.run.RankedList;
import io.clirbench.proto.events.v1.Hit;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.Retriever;
import io.clirbench.proto.events.v1.RunCompleted;
import io.clirbench.proto.events.v1.RunEvent;
import io.clirbench.proto.events.v1.RunStarted;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * A 5-family sample of the shipped xquad-clir dataset, two retrievers with deterministic
 * pseudo-scores (with ties), the events of a run over them, and the report {@code bench eval}
 * computes from the same lists written as TREC run files: the independent expected value.
 */
public final class EvalFixture {

    public static final List<String> RETRIEVERS = List.of("all-minilm-l6-v2/exact", "bm25");
    public static final int DEPTH = 30;
    public static final long SEED = 7;
    public static final int BOOTSTRAP = 200;
    private static final ObjectMapper JSON = new ObjectMapper();

    private static EvalFixture instance;

    public final Dataset dataset;
    public final Path datasetDir;
    /** retriever id -> one list per query (hits in an arbitrary, shuffled order), dataset query order. */
    public final Map<String, List<RankedList>> lists = new LinkedHashMap<>();
    public final Map<String, RunEvaluation> expectedEvaluations = new LinkedHashMap<>();
    public final String expectedReportJson;

    private EvalFixture(Path work) throws IOException {
        Path source = Path.of(System.getProperty("project.root", ".."), "datasets", "xquad-clir");
        Dataset sample = DatasetSample.byFamilies(DatasetReader.read(source), 5, 1);
        datasetDir = work.resolve("xquad-sample");
        DatasetWriter.write(sample, datasetDir, true);
        dataset = DatasetReader.read(datasetDir);
        for (String retriever : RETRIEVERS) {
            lists.put(retriever, dataset.queries().stream().map(q -> list(retriever, q)).toList());
        }
        expectedReportJson = benchEval(work.resolve("runs"), lists, expectedEvaluations);
    }

    public static synchronized EvalFixture get() {
        if (instance == null) {
            try {
                instance = new EvalFixture(Files.createDirectories(Path.of("target", "eval-fixture")).toAbsolutePath());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return instance;
    }

    /**
     * The {@code bench eval} path: each retriever's lists in a TREC run file, evaluated from the
     * file, reported and rendered as JSON. {@code evaluations} receives each run's evaluation.
     */
    public String benchEval(Path dir, Map<String, List<RankedList>> runLists, Map<String, RunEvaluation> evaluations)
            throws IOException {
        Files.createDirectories(dir);
        RunEvaluator evaluator = RunEvaluator.forDataset(dataset, new StandardMeasures(StandardMeasures.DEFAULT_NAMES),
                LanguageMetricsConfig.defaults(DEPTH).withSeed(SEED), List.of());
        List<RunEvaluation> all = new ArrayList<>();
        for (var entry : runLists.entrySet()) {
            Path file = dir.resolve(entry.getKey().replace('/', '_') + ".trec");
            try (TrecRunWriter writer = new TrecRunWriter(file, entry.getKey())) {
                entry.getValue().forEach(writer::write);
            }
            RunEvaluation evaluation = evaluator.evaluate(entry.getKey(), file, notice -> { });
            evaluations.put(entry.getKey(), evaluation);
            all.add(evaluation);
        }
        return JsonReport.render(RetrievalEvaluation.evaluate(dataset, evaluator, all, DEPTH,
                new io.clirbench.core.stats.Stats(BOOTSTRAP, SEED), line -> { })
                .withDatasetHash(DatasetHash.of(datasetDir)));
    }

    /**
     * A report as a JSON tree without each run's "file" (a path for bench eval, run and retriever for the service) and
     * without "efficiency" (what the service measured of the run: bench eval of files has nothing to measure;
     * EfficiencyReportTest checks it).
     */
    public static JsonNode withoutFiles(String reportJson) throws IOException {
        JsonNode tree = JSON.readTree(reportJson);
        tree.get("runs").forEach(run -> ((ObjectNode) run).remove("file"));
        ((ObjectNode) tree).remove("efficiency");
        return tree;
    }

    /**
     * Top-DEPTH documents by a pseudo-score in 0.0..9.9 (one decimal, so ties are common); the first
     * retriever adds 5 to the query's own family so its numbers are good, the second is noise.
     * The hits come shuffled: the service must put them in trec_eval's order itself.
     */
    private RankedList list(String retriever, Query query) {
        List<Document> docs = dataset.corpus();
        Random random = new Random((retriever + "|" + query.id()).hashCode());
        List<String[]> scored = new ArrayList<>();
        for (Document doc : docs) {
            double score = random.nextInt(100) / 10.0;
            if (retriever.equals(RETRIEVERS.get(0)) && doc.family().equals(query.family())) {
                score += 5;
            }
            scored.add(new String[] {doc.id(), Double.toString(score)});
        }
        scored.sort((a, b) -> Double.compare(Double.parseDouble(b[1]), Double.parseDouble(a[1])));
        List<String[]> top = new ArrayList<>(scored.subList(0, Math.min(DEPTH, scored.size())));
        Collections.shuffle(top, random);
        return new RankedList(query.id(), top.stream().map(s -> s[0]).toArray(String[]::new),
                top.stream().mapToDouble(s -> Double.parseDouble(s[1])).toArray());
    }

    public RunStarted started(String runId) {
        RunStarted.Builder started = RunStarted.newBuilder().setRunId(runId).setDatasetId(dataset.info().id())
                .setDatasetVersion(dataset.info().version()).setDepth(DEPTH).setExpectedQueries(dataset.queries().size())
                .setSeed(SEED).setStartedAtEpochMs(System.currentTimeMillis()).setDatasetLocation(datasetDir.toString())
                .setBootstrap(BOOTSTRAP).setDatasetHash(DatasetHash.of(datasetDir));
        for (String id : RETRIEVERS) {
            boolean lexical = id.equals("bm25");
            started.addRetrievers(Retriever.newBuilder().setId(id).setKind(lexical ? "bm25" : "dense")
                    .addAllModels(lexical ? java.util.List.of() : java.util.List.of("all-minilm-l6-v2")));
        }
        return started.build();
    }

    public static byte[] event(RunStarted started) {
        return RunEvent.newBuilder().setStarted(started).build().toByteArray();
    }

    public byte[] completed(String runId) {
        RunCompleted.Builder completed = RunCompleted.newBuilder().setRunId(runId).setOutcome(RunCompleted.Outcome.SUCCEEDED)
                .setCompletedAtEpochMs(System.currentTimeMillis());
        RETRIEVERS.forEach(r -> completed.putPublishedQueries(r, dataset.queries().size()));
        return RunEvent.newBuilder().setCompleted(completed).build().toByteArray();
    }

    /** Every (retriever, query) result of a run, retriever by retriever. */
    public List<QueryResult> results(String runId) {
        List<QueryResult> results = new ArrayList<>();
        lists.forEach((retriever, retrieverLists) -> retrieverLists.forEach(l -> results.add(result(runId, retriever, l))));
        return results;
    }

    public static QueryResult result(String runId, String retriever, RankedList list) {
        QueryResult.Builder result = QueryResult.newBuilder().setRunId(runId).setRetrieverId(retriever)
                .setQueryId(list.queryId()).setLatencyMicros(1234);
        for (int i = 0; i < list.size(); i++) {
            result.addHits(Hit.newBuilder().setDocId(list.docIds()[i]).setScore(list.scores()[i]));
        }
        return result.build();
    }
}
