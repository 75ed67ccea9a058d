package io.clirbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.cli.agent.AgentRunClient;
import io.clirbench.cli.stack.StackConfig;
import io.clirbench.core.testing.HeadlessChromium;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Agent runs through the real processes of the local stack (KRaft broker, index, eval and gateway services, each its
 * packaged jar): {@code bench agent baseline} plays the scripted agent over MCP (the MCP Java SDK's client) on the
 * three configurations of xquad-agentic with BM25. For each run the report the eval-service builds from the
 * agent-calls.v1 events must equal {@code bench agent eval} on the run directory it exports, byte for byte; the
 * exported runs must hold what the offline baseline's shipped runs hold (docids and answers); and during the second
 * run the eval-service is killed with SIGKILL and restarted, losing and double-counting nothing.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AgentEndToEndTest {

    private static final List<String> CONFIGURATIONS = List.of("original", "cross-lingual", "multilingual");
    private static final int QUESTIONS = 240;
    private static final int BOOTSTRAP = 1000;
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The token every request of this test carries (security contract); harmless while the stack has no auth. */

    @TempDir
    static Path temp;

    private E2eStack e2e;
    private StackConfig config;

    @BeforeAll
    void up() {
        e2e = E2eStack.up(temp.resolve("stack"), List.of());
        config = e2e.config();
    }

    @AfterAll
    void down() {
        if (e2e != null) {
            e2e.down();
        }
    }

    @Test
    void baselineOverMcpOnEveryConfigurationGivesTheReportOfBenchAgentEvalOnTheExportedRuns() throws Exception {
        Path task = config.home().resolve("datasets/xquad-agentic");
        AgentRunClient gateway = e2e.agentClient();
        Map<String, String> runs = new LinkedHashMap<>();
        for (String configuration : CONFIGURATIONS) {
            ObjectNode body = JSON.createObjectNode().put("task", task.toString()).put("configuration", configuration)
                    .put("retriever", "bm25").put("bootstrap", BOOTSTRAP).put("agent", "bm25-single-search-baseline");
            String runId = gateway.open(body).path("id").asText();
            runs.put(configuration, runId);
            if (configuration.equals("cross-lingual")) {
                playWithEvalServiceKilledMidRun(runId);
            } else {
                assertThat(E2eStack.bench("agent", "baseline", "--run", runId, "--gateway", config.gatewayUrl(),
                        "--token", e2e.runnerToken())).isZero();
            }
            JsonNode closed = E2eStack.json(e2e.gatewayGet("/api/agent-runs/" + runId));
            assertThat(closed.path("state").asText()).isEqualTo("CLOSED");
            assertThat(closed.path("calls").asInt()).isEqualTo(QUESTIONS);
            assertThat(closed.path("answers").asInt()).isEqualTo(QUESTIONS);
            System.err.printf(Locale.ROOT, "agent run %s (%s): %d calls, serving %d us, publishing %d us in all%n", runId,
                    configuration, closed.path("calls").asInt(), closed.path("serveMicros").asLong(),
                    closed.path("publishMicros").asLong());
        }
        for (Map.Entry<String, String> run : runs.entrySet()) {
            JsonNode evaluated = awaitEvaluated(run.getValue());
            // nothing lost, nothing counted twice
            assertThat(evaluated.path("calls").asInt()).isEqualTo(QUESTIONS).isEqualTo(evaluated.path("expectedCalls").asInt());
            assertThat(evaluated.path("answers").asInt()).isEqualTo(QUESTIONS).isEqualTo(evaluated.path("expectedAnswers").asInt());
            Path runDir = download(run.getValue(), evaluated);
            assertReportEqualsBenchAgentEval(task, run.getValue(), runDir);
            assertSameAsTheOfflineBaseline(run.getKey(), runDir);
        }
        checkPageInBrowser(runs.get("multilingual"));
    }

    /**
     * A task in the exact ARCHITECTURE.md layout (bench-core's fixture {@code agentic/architecture-layout}: family-level
     * qrels naming every language version, {@code lang_assignment.json} and, for cross-lingual,
     * {@code query_lang_assignment.json}, no configuration.json) played over MCP by the BM25 baseline: the eval-service's
     * report keeps one row per evidence language, not one "mixed" row, and equals {@code bench agent eval --task} on the
     * exported runs. The rows' N, by hand from the fixture's files: evidence families q1 p0, q2 p1, q3 p2, q4 p0+p3.
     * Cross-lingual (query_lang_assignment q1 de, q2 ar, q3 de, q4 ar): de 2, ar 2. Multilingual (lang_assignment by
     * family p0 ar, p1 de, p2 ar, p3 de): q1 ar, q2 de, q3 ar, q4 ar+de = mixed, so ar 2, de 1, mixed 1.
     */
    @Test
    void aTaskInTheArchitectureLayoutKeepsItsPerEvidenceLanguageRowsOnThePlatform() throws Exception {
        Path task = config.stateDir().resolve("datasets").resolve("architecture-layout");
        copyTree(config.home().resolve("bench-core/src/test/resources/agentic/architecture-layout"), task);
        Map<String, Map<String, Integer>> expected = Map.of("cross-lingual", Map.of("de", 2, "ar", 2),
                "multilingual", Map.of("ar", 2, "de", 1, "mixed", 1));
        AgentRunClient gateway = e2e.agentClient();
        for (String configuration : List.of("cross-lingual", "multilingual")) {
            ObjectNode body = JSON.createObjectNode().put("task", task.toString()).put("configuration", configuration)
                    .put("retriever", "bm25").put("bootstrap", BOOTSTRAP).put("agent", "bm25-single-search-baseline");
            String runId = gateway.open(body).path("id").asText();
            assertThat(E2eStack.bench("agent", "baseline", "--run", runId, "--gateway", config.gatewayUrl(),
                    "--token", e2e.runnerToken())).isZero();
            JsonNode evaluated = awaitEvaluated(runId);
            Path runDir = download(runId, evaluated, 4);
            assertReportEqualsBenchAgentEval(task, runId, runDir);
            JsonNode report = E2eStack.json(Files.readString(runDir.getParent().resolve("service/report.json")));
            Map<String, Integer> rows = new LinkedHashMap<>();
            for (JsonNode row : report.path("runs").get(0).path("byEvidenceLanguage")) {
                rows.put(row.path("language").asText(), row.path("queries").asInt());
            }
            assertThat(rows).as(configuration).isEqualTo(expected.get(configuration));
        }
    }

    private static void copyTree(Path from, Path to) throws java.io.IOException {
        try (var paths = Files.walk(from)) {
            for (Path p : paths.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
    }

    /**
     * The gateway's page of an evaluated agent run in a real headless browser: the final counts on top of the agentic
     * report (per-run and per-language tables with intervals, the reliability diagram, the search-call histogram).
     */
    private void checkPageInBrowser(String runId) {
        Optional<HeadlessChromium> chromium = E2eStack.chromium();
        if (chromium.isEmpty()) {
            return;
        }
        String page = e2e.signedInDom(chromium.get(), "/agent-runs/" + runId);
        assertThat(page).contains("<td id=\"state\">CLOSED</td>").contains("<td id=\"calls\">" + QUESTIONS + "</td>")
                .contains("<td id=\"answers\">" + QUESTIONS + "</td>").contains("COMPLETED: " + QUESTIONS + " calls")
                .contains("Per evidence language").contains("<figure class=\"reliability\">")
                .contains("<figure class=\"search-calls\">").contains("multilingual").doesNotContain("http-equiv=\"refresh\"");
        assertThat(page.split("<svg", -1).length - 1).as("inline SVG charts").isGreaterThanOrEqualTo(3);
    }

    /**
     * Call indexes survive a gateway restart: two searches on a question, the gateway killed with SIGKILL (after H2's
     * commit delay) and restarted, a third search on it and one on another question. The third call must be index 2 (not 0 again):
     * the eval-service stores calls by (query, index) and takes a repeated key once, so a renumbered call would be
     * lost and the run, whose close counts 4 calls, never evaluated.
     */
    @Test
    void callIndexesAndCountsSurviveAGatewayRestart() throws Exception {
        Path task = config.home().resolve("datasets/xquad-agentic");
        AgentRunClient gateway = e2e.agentClient();
        String runId = gateway.open(JSON.createObjectNode().put("task", task.toString()).put("configuration", "original")
                .put("retriever", "bm25").put("bootstrap", 0).put("agent", "restart-check")).path("id").asText();
        JsonNode questions = gateway.run(runId).path("questions");
        String first = questions.get(0).path("queryId").asText();
        String second = questions.get(1).path("queryId").asText();
        search(runId, first, "Super Bowl");
        search(runId, first, "Broncos defense");
        // the local stack's gateway database is H2, which writes a commit to its file within 1 s (MVStore's commit
        // delay): a SIGKILL sooner may lose the last second's records (PostgreSQL, the %prod default, does not)
        Thread.sleep(1500);
        e2e.killAndRestart("gateway");
        assertThat(gateway.run(runId).path("calls").asInt()).as("calls counted before the restart").isEqualTo(2);
        search(runId, first, "Carolina Panthers");
        search(runId, second, "Levi's Stadium");
        gateway.answer(runId, first, "Explanation: none [x]\nExact Answer: Denver Broncos\nConfidence: 50%", 50.0);
        JsonNode closed = gateway.close(runId);
        assertThat(closed.path("calls").asInt()).isEqualTo(4);
        JsonNode evaluated = awaitEvaluated(runId);
        assertThat(evaluated.path("calls").asInt()).isEqualTo(4).isEqualTo(evaluated.path("expectedCalls").asInt());
        JsonNode trace = E2eStack.json(e2e.evalFile("/api/agent-runs/" + runId + "/files/", "run/run_" + first + ".json"));
        assertThat(trace.path("tool_call_counts").path("search").asInt()).as(trace.toString()).isEqualTo(3);
    }

    private void search(String runId, String queryId, String query) {
        String body = JSON.createObjectNode().put("queryId", queryId).put("query", query).toString();
        e2e.gatewayPost("/api/agent-runs/" + runId + "/search", body);
    }

    /** Plays the run on a thread; once the eval-service holds some of its events, kills and restarts it. */
    private void playWithEvalServiceKilledMidRun(String runId) throws Exception {
        CompletableFuture<Integer> play = CompletableFuture.supplyAsync(() ->
                E2eStack.bench("agent", "baseline", "--run", runId, "--gateway", config.gatewayUrl(), "--token", e2e.runnerToken()));
        int stored = awaitSomeEventsAtEval(runId);
        e2e.killAndRestart("eval");
        System.err.printf(Locale.ROOT, "killed the eval-service with %d of %d events of run %s stored%n", stored,
                2 * QUESTIONS, runId);
        assertThat(stored).as("killed mid-run").isBetween(1, 2 * QUESTIONS - 1);
        assertThat(play.get()).isZero();
    }

    private int awaitSomeEventsAtEval(String runId) throws Exception {
        return E2eStack.poll("20 events of agent run " + runId + " at the eval-service", Duration.ofMinutes(3), Duration.ofMillis(10),
                () -> Optional.of(evalRun(runId)).map(v -> v.path("calls").asInt() + v.path("answers").asInt())
                        .filter(stored -> stored >= 20));
    }

    private JsonNode awaitEvaluated(String runId) throws Exception {
        JsonNode view = E2eStack.poll("the evaluation of agent run " + runId, Duration.ofMinutes(5), Duration.ofMillis(200),
                () -> Optional.of(evalRun(runId)).filter(v -> !v.path("state").asText().matches("RECEIVING|EVALUATING")));
        assertThat(view.path("state").asText()).as(view.toString()).isEqualTo("COMPLETED");
        return view;
    }

    private JsonNode evalRun(String runId) {
        return e2e.evalJson("/api/agent-runs/" + runId);
    }

    /**
     * The run directory and report files under results/RUN/, as {@code bench agent report} writes them with the reader
     * token through the gateway's proxy: every file the eval-service lists, under its own name, each one equal to the
     * eval-service's own (read with the service token).
     */
    private Path download(String runId, JsonNode view) throws Exception {
        return download(runId, view, QUESTIONS);
    }

    private Path download(String runId, JsonNode view, int questions) throws Exception {
        Path results = temp.resolve("results").resolve(runId);
        assertThat(E2eStack.bench("agent", "report", runId, "--out", results.resolve("service").toString(), "--gateway",
                config.gatewayUrl(), "--token", e2e.token(E2eStack.READER_KEY))).isZero();
        int runFiles = 0;
        for (JsonNode name : view.path("files")) {
            String n = name.asText();
            assertThat(Files.readString(results.resolve("service").resolve(n), StandardCharsets.UTF_8)).as(n)
                    .isEqualTo(e2e.evalFile("/api/agent-runs/" + runId + "/files/", n));
            runFiles += n.startsWith("run/") ? 1 : 0;
        }
        assertThat(runFiles).isEqualTo(questions);
        Path runDir = results.resolve(runId);
        Files.createDirectories(runDir);
        try (var files = Files.list(results.resolve("service/run"))) {
            for (Path f : files.toList()) {
                Files.copy(f, runDir.resolve(f.getFileName().toString()));
            }
        }
        return runDir;
    }

    private void assertReportEqualsBenchAgentEval(Path task, String runId, Path runDir) throws Exception {
        Path results = runDir.getParent();
        JsonNode summary = E2eStack.json(Files.readString(results.resolve("service").resolve(runId).resolve("evaluation_summary.json")));
        String date = summary.path("Evaluation Date").asText();
        assertThat(E2eStack.bench("agent", "eval", "--task", task.toString(), "--run", runDir.toString(), "--bootstrap",
                Integer.toString(BOOTSTRAP), "--seed", "42", "--date", date, "--out", results.resolve("bench").toString())).isZero();
        Path kept = Path.of("target", "e2e-agent", runId);
        Files.createDirectories(kept);
        for (String file : List.of("report.json", "report.md", "summary.csv", "languages.csv", "queries.csv",
                runId + "/evaluation_summary.json")) {
            String service = Files.readString(results.resolve("service").resolve(file));
            String direct = Files.readString(results.resolve("bench").resolve(file));
            Files.writeString(kept.resolve(file.replace('/', '_') + ".service"), service);
            assertThat(service).as(file).isEqualTo(direct);
        }
        JsonNode report = E2eStack.json(Files.readString(results.resolve("service/report.json")));
        System.err.println("agent run " + runId + ": " + report.path("runs").get(0).path("summary"));
    }

    /** The MCP baseline found and answered exactly what the offline one did (the shipped runs/xquad-agentic). */
    private void assertSameAsTheOfflineBaseline(String configuration, Path runDir) throws Exception {
        Path offline = config.home().resolve("runs/xquad-agentic").resolve(configuration);
        List<String> files;
        try (var s = Files.list(offline)) {
            files = s.map(p -> p.getFileName().toString()).sorted().toList();
        }
        assertThat(files).hasSize(QUESTIONS);
        List<String> differences = new ArrayList<>();
        for (String f : files) {
            JsonNode a = E2eStack.json(Files.readString(offline.resolve(f)));
            JsonNode b = E2eStack.json(Files.readString(runDir.resolve(f)));
            JsonNode lastA = a.path("result").get(a.path("result").size() - 1);
            JsonNode lastB = b.path("result").get(b.path("result").size() - 1);
            if (!a.path("retrieved_docids").equals(b.path("retrieved_docids")) || !lastA.path("output").equals(lastB.path("output"))
                    || !a.path("tool_call_counts").equals(b.path("tool_call_counts"))) {
                differences.add(f + ": offline " + a.path("retrieved_docids") + ", MCP " + b.path("retrieved_docids"));
            }
        }
        assertThat(differences).as(configuration).isEmpty();
    }
}
