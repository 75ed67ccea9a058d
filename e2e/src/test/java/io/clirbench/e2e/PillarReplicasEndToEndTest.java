package io.clirbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.cli.gateway.GatewayClient;
import io.clirbench.cli.gateway.ReportDownload;
import io.clirbench.cli.gateway.RunFollower;
import io.clirbench.cli.stack.StackConfig;
import io.clirbench.cli.stack.StackScale;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.dataset.DatasetSample;
import io.clirbench.core.dataset.DatasetWriter;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.qa.construct.QaSample;
import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.select.QaSystemId;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The three pillars on one pipeline, replica-safe: the gateway and two eval-service replicas on the real PostgreSQL
 * (database {@code e2e_pipeline} on 127.0.0.1:5432, created if absent, each service in a fresh schema dropped
 * afterwards), topics of 4 partitions. One retrieval run (BM25 on a slice of xquad-clir), one QA run (the lexical
 * selector on a sample of xquad-mix) and one agent run (the BM25 baseline over MCP on xquad-agentic) are in flight at
 * once, each with enough resamples that its evaluation lasts a while. Whenever a replica holds the evaluation of a run
 * that no killed replica held yet (the owner in {@code GET /api/evaluations}), that replica is SIGKILLed and then
 * restarted; its evaluations are taken over when their leases end. Every run must have been held by a killed
 * replica, completed, and its report must be identical to the one-process reference the one-replica e2e tests use for
 * the same inputs ({@code bench eval} on the exported TREC runs, {@code bench qa eval} on the exported predictions,
 * {@code bench agent eval} on the exported run directory); no event is stored twice (rows counted in PostgreSQL).
 * Skipped, saying so, only when PostgreSQL cannot be reached.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PillarReplicasEndToEndTest {

    private static final String SERVER = System.getProperty("e2e.pg-server", "jdbc:postgresql://127.0.0.1:5432/");
    private static final String DATABASE = "e2e_pipeline";
    private static final String USER = System.getProperty("e2e.pg-user", "postgres");
    /** Retrieval: 12 families (~144 queries) x 100,000 resamples, seconds of evaluation (as PostgresEndToEndTest). */
    private static final int BOOTSTRAP = 100_000;
    /** QA and agent: resamples that keep their evaluations at a second or more here, long enough to be seen held. */
    private static final int QA_BOOTSTRAP = 20_000;
    private static final int AGENT_BOOTSTRAP = 10_000;
    private static final int DEPTH = 100;
    private static final int SEED = 42;
    private static final int QUESTIONS = 240;
    private static final String QA_SYSTEM = "select:lexical";

    @TempDir
    static Path temp;

    private final String prefix = StackSchemas.prefix("pipe");
    private Connection admin;
    private E2eStack e2e;
    private StackConfig config;
    private GatewayClient gateway;
    private final ExecutorService restarts = Executors.newSingleThreadExecutor();

    @BeforeAll
    void up() throws Exception {
        try (Connection server = DriverManager.getConnection(SERVER + "postgres", USER, "");
             Statement s = server.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + DATABASE + "'")) {
                if (!rs.next()) {
                    s.execute("CREATE DATABASE " + DATABASE);
                }
            }
        } catch (SQLException e) {
            Assumptions.abort("PostgreSQL at " + SERVER + " is unreachable (" + e.getMessage() + "): PillarReplicasEndToEndTest skipped");
        }
        admin = DriverManager.getConnection(SERVER + DATABASE, USER, "");
        StackSchemas.create(admin, prefix);
        var postgres = new StackScale.Postgres(SERVER + DATABASE, USER, prefix);
        e2e = E2eStack.up(temp.resolve("stack"), List.of(), new StackScale(Optional.of(postgres), StackConfig.freePorts(1), 4));
        config = e2e.config();
        gateway = e2e.gateway();
    }

    @AfterAll
    void down() throws Exception {
        restarts.shutdownNow();
        restarts.awaitTermination(2, TimeUnit.MINUTES);
        if (e2e != null) {
            e2e.down();
        }
        if (admin != null) {
            StackSchemas.drop(admin, prefix);
            admin.close();
        }
    }

    @Test
    void everyPillarsEvaluationSurvivesTheKillOfTheReplicaHoldingIt() throws Exception {
        Path retrievalDataset = retrievalSample();
        String retrievalDatasetId = gateway.registerDataset(retrievalDataset).path("id").asText();
        Path qaDataset = QaSample.writeBySource(config.home().resolve("datasets/xquad-mix"), 6, 11, config.stateDir().resolve("datasets"));
        String qaDatasetId = gateway.registerQaDataset(qaDataset).path("id").asText();
        Path task = config.home().resolve("datasets/xquad-agentic");

        // the three runs at once
        String agentRun = e2e.agentClient().open(E2eStack.JSON.createObjectNode().put("task", task.toString())
                .put("configuration", "original").put("retriever", "bm25").put("bootstrap", AGENT_BOOTSTRAP)
                .put("agent", "bm25-single-search-baseline")).path("id").asText();
        CompletableFuture<Integer> agentPlay = CompletableFuture.supplyAsync(() -> E2eStack.bench("agent", "baseline", "--run",
                agentRun, "--gateway", config.gatewayUrl(), "--token", e2e.runnerToken()));
        String retrievalRun = gateway.submitRun(retrievalDatasetId, List.of("bm25"), DEPTH, SEED, BOOTSTRAP).path("id").asText();
        ObjectNode qaBody = E2eStack.JSON.createObjectNode().put("dataset", qaDatasetId).put("seed", SEED).put("bootstrap", QA_BOOTSTRAP);
        qaBody.putArray("systems").add(QA_SYSTEM);
        String qaRun = gateway.submitQaRun(qaBody).path("id").asText();
        List<String> runs = List.of(retrievalRun, qaRun, agentRun);
        Map<String, String> statusPaths = Map.of(retrievalRun, "/api/runs/" + retrievalRun, qaRun, "/api/qa-runs/" + qaRun,
                agentRun, "/api/agent-runs/" + agentRun);
        System.err.printf(Locale.ROOT, "runs in flight: retrieval %s, QA %s, agent %s%n", retrievalRun, qaRun, agentRun);

        Map<String, String> killedHolder = killEachHolder(statusPaths);
        assertThat(agentPlay.get(10, TimeUnit.MINUTES)).as("bench agent baseline").isZero();
        restarts.shutdown();
        assertThat(restarts.awaitTermination(5, TimeUnit.MINUTES)).as("the killed replicas restarted").isTrue();

        JsonNode retrievalEnd = new RunFollower(gateway, System.err, false).follow(retrievalRun, Duration.ofMinutes(6));
        assertThat(retrievalEnd.path("state").asText()).as(retrievalEnd.toString()).isEqualTo("COMPLETED");
        JsonNode qaEnd = RunFollower.forQa(gateway, System.err, false).follow(qaRun, Duration.ofMinutes(6));
        assertThat(qaEnd.path("state").asText()).as(qaEnd.toString()).isEqualTo("COMPLETED");
        JsonNode agentEnd = E2eStack.poll("the evaluation of agent run " + agentRun, Duration.ofMinutes(6), Duration.ofMillis(500),
                () -> evalJson("/api/agent-runs/" + agentRun).filter(v -> v.path("state").asText().matches("COMPLETED|FAILED")));
        assertThat(agentEnd.path("state").asText()).as(agentEnd.toString()).isEqualTo("COMPLETED");

        assertThat(killedHolder).as("runs whose evaluation a killed replica held").containsOnlyKeys(runs);
        for (String run : runs) {
            assertThat(logsOfBothReplicas()).as("a later claim of run " + run + " after its holder was killed")
                    .containsPattern("evaluating run " + run + " \\(cost \\d+ query-resamples, claim [2-9]\\)");
        }
        assertRetrievalReportIsBenchEvals(retrievalRun, retrievalDataset);
        assertQaReportIsBenchQaEvals(qaRun, qaDataset);
        assertAgentReportIsBenchAgentEvals(agentRun, task, agentEnd);
        assertStoredOnce(retrievalRun, qaRun, agentRun, QaDatasetReader.readAll(qaDataset).size());
    }

    /**
     * Until every run's evaluation was held by a replica that was then killed (or the runs ended otherwise): polls the
     * shared queue; a replica holding a run not held by a killed one before is SIGKILLed by its process id and
     * restarted on {@link #restarts}. Returns run id → the replica killed while holding it.
     */
    private Map<String, String> killEachHolder(Map<String, String> statusPaths) throws Exception {
        var runs = statusPaths.keySet();
        Map<String, String> killed = new LinkedHashMap<>();
        long deadline = System.nanoTime() + Duration.ofMinutes(15).toNanos();
        while (killed.size() < runs.size() && System.nanoTime() < deadline && !allEnded(statusPaths, killed)) {
            List<Integer> ports = config.evalPorts();
            for (int i = 0; i < ports.size(); i++) {
                Optional<JsonNode> queue = liveJson(ports.get(i), "/api/evaluations");
                if (queue.isEmpty()) {
                    continue;
                }
                String replica = queue.get().path("replica").asText();
                List<String> held = new ArrayList<>();
                for (JsonNode entry : queue.get().path("evaluations")) {
                    if (replica.equals(entry.path("owner").asText(null)) && runs.contains(entry.path("runId").asText())) {
                        held.add(entry.path("kind").asText() + " " + entry.path("runId").asText());
                    }
                }
                boolean fresh = held.stream().map(h -> h.substring(h.indexOf(' ') + 1)).anyMatch(r -> !killed.containsKey(r));
                if (fresh) {
                    String name = StackScale.evalName(i);
                    String[] parts = replica.split("-");
                    long pid = Long.parseLong(parts[parts.length - 2]);
                    ProcessHandle.of(pid).ifPresent(p -> {
                        p.destroyForcibly();
                        p.onExit().join();
                    });
                    held.forEach(h -> killed.putIfAbsent(h.substring(h.indexOf(' ') + 1), name));
                    System.err.printf(Locale.ROOT, "SIGKILLed %s (pid %d) holding %s; restarting it%n", name, pid, held);
                    restarts.submit(() -> e2e.killAndRestart(name)); // no-op kill: it is dead; started again, ready
                }
            }
            Thread.sleep(20);
        }
        return killed;
    }

    /** Whether every run not yet held by a killed replica has ended (then no kill can come any more). */
    private boolean allEnded(Map<String, String> statusPaths, Map<String, String> killed) {
        for (var run : statusPaths.entrySet()) {
            if (killed.containsKey(run.getKey())) {
                continue;
            }
            String state = evalJson(run.getValue()).map(v -> v.path("state").asText()).orElse("");
            if (!state.matches("COMPLETED|FAILED|CANCELLED")) {
                return false;
            }
        }
        return true;
    }

    private Path retrievalSample() {
        Dataset sample = DatasetSample.byFamilies(DatasetReader.read(config.home().resolve("datasets/xquad-clir")), 12, 31);
        Path dir = config.stateDir().resolve("datasets").resolve(sample.info().id()); // a dataset root of the stack
        DatasetWriter.write(sample, dir, false);
        return dir;
    }

    /** report.json equals bench eval's on the exported TREC run, but for the run's name and source ("file"). */
    private void assertRetrievalReportIsBenchEvals(String runId, Path dataset) throws Exception {
        Path results = temp.resolve("results").resolve(runId);
        ReportDownload.write(gateway, runId, results);
        assertThat(E2eStack.bench("eval", "--dataset", dataset.toString(), "--bootstrap", Integer.toString(BOOTSTRAP), "--seed",
                Integer.toString(SEED), "--depth", Integer.toString(DEPTH), "--run",
                results.resolve("runs").resolve(ReportDownload.fileName("bm25") + ".trec").toString(), "--out",
                results.resolve("bench-eval").toString())).isZero();
        assertThat(withoutFiles(results.resolve("report.json"), "runs"))
                .isEqualTo(withoutFiles(results.resolve("bench-eval/report.json"), "runs"));
    }

    /** report.json equals bench qa eval's on the exported predictions, but for the system's name and source ("file"). */
    private void assertQaReportIsBenchQaEvals(String runId, Path dataset) throws Exception {
        Path results = temp.resolve("qa-results").resolve(runId);
        assertThat(E2eStack.bench("qa", "report", runId, "--out", results.toString(), "--gateway", config.gatewayUrl(),
                "--token", e2e.token(E2eStack.READER_KEY))).isZero();
        String fileName = QaSystemId.parse(QA_SYSTEM).fileName();
        assertThat(E2eStack.bench("qa", "eval", "--dataset", dataset.toString(), "--bootstrap", Integer.toString(QA_BOOTSTRAP),
                "--seed", Integer.toString(SEED), "--out", results.resolve("bench-qa-eval").toString(), "--pred",
                results.resolve("predictions").resolve(fileName + ".jsonl").toString())).isZero();
        String distributed = Files.readString(results.resolve("report.json")).replace("\"" + QA_SYSTEM + "\"", "\"" + fileName + "\"");
        Path renamed = results.resolve("report-named-by-file.json");
        Files.writeString(renamed, distributed);
        assertThat(withoutFiles(renamed, "systems")).isEqualTo(withoutFiles(results.resolve("bench-qa-eval/report.json"), "systems"));
    }

    /** Every report file byte for byte equal to bench agent eval's on the exported run directory. */
    private void assertAgentReportIsBenchAgentEvals(String runId, Path task, JsonNode view) throws Exception {
        Path results = temp.resolve("agent-results").resolve(runId);
        assertThat(E2eStack.bench("agent", "report", runId, "--out", results.resolve("service").toString(), "--gateway",
                config.gatewayUrl(), "--token", e2e.token(E2eStack.READER_KEY))).isZero();
        Path runDir = results.resolve(runId);
        Files.createDirectories(runDir);
        int runFiles = 0;
        for (JsonNode name : view.path("files")) {
            if (name.asText().startsWith("run/")) {
                Files.copy(results.resolve("service").resolve(name.asText()), runDir.resolve(name.asText().substring(4)));
                runFiles++;
            }
        }
        assertThat(runFiles).isEqualTo(QUESTIONS);
        String date = E2eStack.json(Files.readString(results.resolve("service").resolve(runId).resolve("evaluation_summary.json")))
                .path("Evaluation Date").asText();
        assertThat(E2eStack.bench("agent", "eval", "--task", task.toString(), "--run", runDir.toString(), "--bootstrap",
                Integer.toString(AGENT_BOOTSTRAP), "--seed", Integer.toString(SEED), "--date", date, "--out",
                results.resolve("bench").toString())).isZero();
        for (String file : List.of("report.json", "report.md", "summary.csv", "languages.csv", "queries.csv",
                runId + "/evaluation_summary.json")) {
            assertThat(Files.readString(results.resolve("service").resolve(file))).as(file)
                    .isEqualTo(Files.readString(results.resolve("bench").resolve(file)));
        }
    }

    /** Rows of each run in PostgreSQL: one per published result, prediction, call and answer; nothing left in the queue. */
    private void assertStoredOnce(String retrievalRun, String qaRun, String agentRun, int qaInstances) throws SQLException {
        String eval = prefix + "_eval.";
        JsonNode view = evalJson("/api/runs/" + retrievalRun).orElseThrow();
        int published = view.path("retrievers").get(0).path("published").asInt();
        assertThat(published).isPositive();
        assertThat(counts("SELECT count(*), count(DISTINCT query_id) FROM " + eval + "eval_result WHERE run_id = ?", retrievalRun))
                .as("retrieval rows, distinct queries").containsExactly(published, published);
        assertThat(counts("SELECT count(*), count(DISTINCT instance_id) FROM " + eval + "qa_eval_prediction WHERE run_id = ?", qaRun))
                .as("QA predictions, distinct instances").containsExactly(qaInstances, qaInstances);
        assertThat(counts("SELECT count(*), count(DISTINCT query_id) FROM " + eval + "agent_eval_answer WHERE run_id = ?", agentRun))
                .as("agent answers, distinct queries").containsExactly(QUESTIONS, QUESTIONS);
        assertThat(counts("SELECT count(*), count(DISTINCT query_id) FROM " + eval + "agent_eval_call WHERE run_id = ?", agentRun))
                .as("agent calls (one search per question), distinct queries").containsExactly(QUESTIONS, QUESTIONS);
        for (String run : List.of(retrievalRun, qaRun, agentRun)) {
            assertThat(counts("SELECT count(*), count(*) FROM " + eval + "eval_evaluation WHERE run_id = ?", run))
                    .as("queue rows of " + run).containsExactly(0, 0);
            assertThat(counts("SELECT count(*), count(DISTINCT name) FROM " + eval + "eval_file WHERE run_id = ?", run).get(0))
                    .as("report files of " + run).isPositive();
        }
    }

    private List<Integer> counts(String sql, String runId) throws SQLException {
        try (PreparedStatement s = admin.prepareStatement(sql)) {
            s.setString(1, runId);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return List.of(rs.getInt(1), rs.getInt(2));
            }
        }
    }

    /** The JSON, pretty-printed, without each entry's "file" under {@code list} (where the inputs came from). */
    private static String withoutFiles(Path report, String list) throws Exception {
        JsonNode node = E2eStack.json(Files.readString(report));
        for (JsonNode entry : node.path(list)) {
            ((ObjectNode) entry).remove("file");
        }
        ((ObjectNode) node).remove("efficiency"); // measured by the stack only: bench eval of files has nothing to measure
        return node.toPrettyString();
    }

    private String logsOfBothReplicas() throws Exception {
        StringBuilder logs = new StringBuilder();
        for (int i = 0; i < config.evalPorts().size(); i++) {
            logs.append(Files.readString(config.logDir().resolve(StackScale.evalName(i) + ".log")));
        }
        return logs.toString();
    }

    /** A replica's JSON at a path, asked of every live replica in turn (any answers for every run); empty when none does. */
    private Optional<JsonNode> evalJson(String path) {
        for (int port : config.evalPorts()) {
            Optional<JsonNode> json = liveJson(port, path);
            if (json.isPresent()) {
                return json;
            }
        }
        return Optional.empty();
    }

    private Optional<JsonNode> liveJson(int port, String path) {
        try {
            var r = e2e.evalGet(port, path);
            return r.statusCode() == 200 ? Optional.of(E2eStack.json(r.body())) : Optional.empty();
        } catch (java.io.UncheckedIOException unreachable) {
            return Optional.empty();
        }
    }
}
