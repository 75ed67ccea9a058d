package io.clirbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.cli.gateway.GatewayClient;
import io.clirbench.cli.gateway.GatewayException;
import io.clirbench.cli.stack.StackConfig;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.dataset.DatasetSample;
import io.clirbench.core.dataset.DatasetWriter;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.qa.construct.QaSample;
import io.clirbench.core.io.Csv;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Python client ({@code clients/python}, standard library only) against the real processes of the local stack
 * (KRaft broker, index, eval and gateway services; no embedder: every run here is lexical, so the stack starts
 * cheapest). {@code live/check_stack.py} lists and registers datasets, submits a BM25 run and a {@code select:lexical}
 * QA run and follows them to the end, fetches their reports, and plays an agent run through the REST twin of the MCP
 * tools; it writes what it read, and this test compares that, value for value, with what the Java CLI's
 * {@link GatewayClient} reads of the same runs. A failing Python process fails the test with its output.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PythonClientEndToEndTest {

    private static final Duration PYTHON_LIMIT = Duration.ofMinutes(15);
    /** The architecture-layout task's questions (its queries.jsonl has 4 lines). */
    private static final int AGENT_QUESTIONS = 4;

    @TempDir
    static Path temp;

    private E2eStack e2e;
    private StackConfig config;
    private GatewayClient gateway;

    @BeforeAll
    void up() {
        e2e = E2eStack.up(temp.resolve("stack"), List.of());
        config = e2e.config();
        gateway = e2e.gateway();
    }

    @AfterAll
    void down() {
        if (e2e != null) {
            e2e.down();
        }
    }

    /** The client's transport tests (a local HTTP server with canned answers), so the e2e suite runs them too. */
    @Test
    void transportTestsPass() throws Exception {
        python(List.of("-m", "unittest", "discover", "-s", "tests", "-t", "."), Map.of());
    }

    @Test
    void pythonClientReadsWhatTheJavaClientReadsOfTheSameRuns() throws Exception {
        Path datasets = config.stateDir().resolve("datasets"); // a dataset root of the stack's gateway
        Dataset sample = DatasetSample.byFamilies(DatasetReader.read(config.home().resolve("datasets/xquad-clir")), 3, 5);
        Path dataset = datasets.resolve(sample.info().id());
        DatasetWriter.write(sample, dataset, false);
        Path qaDataset = QaSample.writeBySource(config.home().resolve("datasets/xquad-mix"), 1, 7, datasets);
        Path task = datasets.resolve("architecture-layout");
        copyTree(config.home().resolve("bench-core/src/test/resources/agentic/architecture-layout"), task);
        Path out = temp.resolve("python-client.json");

        python(List.of("live/check_stack.py", "--gateway", config.gatewayUrl(), "--dataset", dataset.toString(),
                "--big-dataset", config.home().resolve("datasets/xquad-clir").toString(),
                "--qa-dataset", qaDataset.toString(), "--task", task.toString(), "--out", out.toString()),
                Map.of("CLIRBENCH_TOKEN", e2e.runnerToken()));
        JsonNode read = E2eStack.json(Files.readString(out, StandardCharsets.UTF_8));

        assertRetrievalRun(read.path("retrieval"));
        assertCancelledRun(read.path("cancelled"), read.path("retrieval").path("dataset").asText());
        assertQaRun(read.path("qa"));
        assertAgentRun(read.path("agent"));
    }

    private void assertRetrievalRun(JsonNode py) throws Exception {
        String runId = py.path("runId").asText();
        assertThat(gateway.progress(runId, false).path("state").asText()).isEqualTo("COMPLETED").isEqualTo(py.path("state").asText());
        assertThat(py.path("report")).isEqualTo(E2eStack.json(gateway.file(runId, "report.json")));
        assertThat(py.path("report").path("runs").size()).isEqualTo(1);
        // metrics.csv's whole-run rows, parsed here by bench-core's CSV reader
        List<List<String>> wholeRun = new ArrayList<>();
        List<List<String>> rows = Csv.parse(gateway.file(runId, "metrics.csv"));
        for (List<String> row : rows.subList(1, rows.size())) {
            if (row.get(1).isEmpty() && row.get(2).isEmpty()) {
                wholeRun.add(List.of(row.get(0), row.get(3), row.get(4)));
            }
        }
        List<List<String>> pyRows = new ArrayList<>();
        py.path("wholeRunMetrics").forEach(r -> pyRows.add(texts(r)));
        assertThat(pyRows).isNotEmpty().isEqualTo(wholeRun);
        assertThat(texts(py.path("summaryColumns")).get(0)).isEqualTo(Csv.parse(gateway.file(runId, "summary.csv")).get(0).get(0));
        // the same refusal through both clients: status and the problem's detail
        GatewayException java = catchThrowableOfType(GatewayException.class,
                () -> gateway.submitRun(py.path("dataset").asText(), List.of("bm25"), 0, 42, 200));
        assertThat(py.path("refusal").path("status").asInt()).isEqualTo(java.status()).isEqualTo(400);
        assertThat(java.getMessage()).contains(py.path("refusal").path("detail").asText());
        assertThat(py.path("refusal").path("message").asText()).contains("400 ").contains(py.path("refusal").path("detail").asText());
        System.err.println("python client, retrieval run " + runId + ": " + pyRows.size() + " whole-run metrics, DataFrame: "
                + py.path("dataframe"));
    }

    /**
     * The follower's timeout cancelled the second run of the stack, which is now the newest of its 2 runs; the datasets
     * listed after both registrations are the Java client's list.
     */
    private void assertCancelledRun(JsonNode py, String firstDataset) {
        List<String> ids = new ArrayList<>();
        gateway.datasets().forEach(d -> ids.add(d.path("id").asText()));
        assertThat(texts(py.path("datasets"))).isEqualTo(ids).contains(firstDataset).hasSize(2);
        String runId = py.path("runId").asText();
        assertThat(gateway.progress(runId, false).path("state").asText()).isEqualTo(py.path("state").asText()).isEqualTo("CANCELLED");
        JsonNode runs = E2eStack.json(e2e.gatewayGet("/api/runs"));
        assertThat(py.path("newestRun").asText()).isEqualTo(runs.get(0).path("id").asText()).isEqualTo(runId);
        assertThat(py.path("totalRuns").asInt()).isEqualTo(runs.size()).isEqualTo(2);
    }

    private void assertQaRun(JsonNode py) {
        String runId = py.path("runId").asText();
        assertThat(gateway.progress(runId, true).path("state").asText()).isEqualTo("COMPLETED");
        assertThat(py.path("report")).isEqualTo(E2eStack.json(gateway.qaFile(runId, "report.json")));
        assertThat(py.path("predictionLines").asInt())
                .isEqualTo(gateway.qaPredictions(runId, "select:lexical").strip().split("\n").length).isPositive();
        assertThat(py.path("summaryRows").asInt()).isEqualTo(Csv.parse(gateway.qaFile(runId, "summary.csv")).size() - 1);
    }

    /**
     * Per question the script made one search and, when it found something, one get_document, then one answer: 4
     * questions (the fixture's queries.jsonl), so 4 searches and 4 answers by hand; the gateway's count of calls is the
     * script's searches plus documents read. Closing the closed run again is a 409 (gateway README "Agent runs").
     */
    private void assertAgentRun(JsonNode py) {
        String runId = py.path("runId").asText();
        assertThat(py.path("questions").asInt()).isEqualTo(AGENT_QUESTIONS);
        assertThat(py.path("searches").asInt()).isEqualTo(AGENT_QUESTIONS);
        assertThat(py.path("documents").asInt()).as("get_document through the REST twin").isBetween(1, AGENT_QUESTIONS);
        JsonNode view = gateway.agentRun(runId);
        assertThat(view.path("state").asText()).isEqualTo("CLOSED");
        assertThat(view.path("calls").asInt()).isEqualTo(py.path("calls").asInt())
                .isEqualTo(py.path("searches").asInt() + py.path("documents").asInt());
        assertThat(view.path("answers").asInt()).isEqualTo(py.path("answers").asInt()).isEqualTo(AGENT_QUESTIONS);
        assertThat(texts(py.path("files"))).isEqualTo(gateway.agentFileNames(runId));
        assertThat(py.path("report")).isEqualTo(E2eStack.json(gateway.agentFile(runId, "report.json")));
        assertThat(py.path("refusal").path("status").asInt()).isEqualTo(409);
        System.err.println("python client, agent run " + runId + ": " + py.path("report").path("runs").get(0).path("summary"));
    }

    /** python3 ARGS in clients/python with the client on its path; fails, printing its output, unless it exits 0. */
    private void python(List<String> args, Map<String, String> env) throws Exception {
        Path dir = config.home().resolve("clients/python");
        Path log = Files.createTempFile(temp, "python", ".log");
        List<String> command = new ArrayList<>(List.of("python3"));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().putAll(env);
        builder.environment().put("PYTHONPATH", dir.toString());
        builder.environment().put("PYTHONDONTWRITEBYTECODE", "1");
        Process p = builder.start();
        boolean ended = p.waitFor(PYTHON_LIMIT.toSeconds(), TimeUnit.SECONDS);
        if (!ended) {
            p.destroyForcibly().waitFor();
        }
        String output = Files.readString(log, StandardCharsets.UTF_8);
        System.err.println("python3 " + String.join(" ", args) + ":\n" + output);
        assertThat(ended).as("python3 %s ended within %s; its output:%n%s", args, PYTHON_LIMIT, output).isTrue();
        assertThat(p.exitValue()).as("exit code of python3 %s; its output:%n%s", args, output).isZero();
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static void copyTree(Path from, Path to) throws IOException {
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
}
