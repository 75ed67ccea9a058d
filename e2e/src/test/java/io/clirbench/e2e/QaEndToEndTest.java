package io.clirbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.cli.gateway.GatewayClient;
import io.clirbench.cli.gateway.RunFollower;
import io.clirbench.cli.stack.StackConfig;
import io.clirbench.core.qa.construct.QaSample;
import io.clirbench.core.qa.format.QaDatasetReader;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.select.QaSystemId;
import io.clirbench.core.testing.ChatCompletionsServer;
import io.clirbench.core.testing.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * QA on the platform against {@code bench qa eval}: the real processes of the local stack (KRaft broker, the four
 * built-in embedders, eval-service and gateway) run the lexical selector and every built-in encoder as evidence
 * selectors over a sample of xquad-mix; the report the eval-service builds from {@code qa-predictions.v1} must equal,
 * number for number, what {@code bench qa eval} computes from the predictions the eval-service exports. The second
 * test kills the eval-service with SIGKILL while predictions arrive and restarts it: nothing lost, nothing doubled,
 * the report identical too.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class QaEndToEndTest {

    private static final int BOOTSTRAP = 1000;
    private static final int SOURCES = 6;
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path temp;

    private E2eStack e2e;
    private GatewayClient gateway;
    private StackConfig config;
    private final List<String> systems = new ArrayList<>(List.of("select:lexical"));

    /** The reader the gateway is configured with ({@code qa.readers.e2e.base-url}); a run names it, never its URL. */
    private ChatCompletionsServer reader;
    private volatile ChatCompletionsServer.Behaviour readerBehaviour = (n, request) -> ChatCompletionsServer.Reply.ok("", 1, 1);

    @BeforeAll
    void up() throws java.io.IOException {
        List<String> models = models();
        models.forEach(m -> systems.add("select:" + m));
        reader = ChatCompletionsServer.start((n, request) -> readerBehaviour.reply(n, request));
        e2e = E2eStack.up(temp.resolve("stack"), models,
                c -> c.withGatewayProperties(java.util.Map.of("qa.readers.e2e.base-url", reader.baseUrl().toString())));
        config = e2e.config();
        gateway = e2e.gateway();
    }

    /**
     * The encoders of the stack: every built-in model, or those of system property {@code e2e.qa.models} (comma
     * separated; empty: none), e.g. to run the reader test alone on a lighter stack, as it needs only select:lexical.
     */
    private static List<String> models() {
        String chosen = System.getProperty("e2e.qa.models");
        if (chosen == null) {
            return StackConfig.BUILT_IN_MODELS;
        }
        return java.util.Arrays.stream(chosen.split(",")).map(String::trim).filter(m -> !m.isEmpty()).toList();
    }

    @AfterAll
    void down() {
        if (e2e != null) {
            e2e.down();
        }
        if (reader != null) {
            reader.close();
        }
    }

    @Test
    void selectorRunReportEqualsBenchQaEvalOnTheExportedPredictions() throws Exception {
        Path dataset = sample(11);
        String runId = submit(dataset);
        JsonNode end = RunFollower.forQa(gateway, System.err, false).follow(runId, Duration.ofMinutes(20));
        assertThat(end.path("state").asText()).as(end.toString()).isEqualTo("COMPLETED");
        JsonNode report = assertIdenticalToBenchQaEval(runId, dataset);
        printFigures(end, report);
        checkPageInBrowser(runId);
    }

    @Test
    void evalServiceKilledWhilePredictionsArriveLosesNothing() throws Exception {
        // other source questions than the first test: the encoders' sentences are not cached, so their
        // predictions come well after the lexical ones and the kill falls between events
        Path dataset = sample(23);
        String runId = submit(dataset);
        int expected = awaitSomePredictionsAtEval(runId);
        int before = receivedTotal(evalRun(runId));
        e2e.killAndRestart("eval");
        System.err.printf(Locale.ROOT, "killed the eval-service with %d of %d predictions stored%n", before, expected * systems.size());
        assertThat(before).as("killed mid-run").isBetween(1, expected * systems.size() - 1);
        JsonNode end = RunFollower.forQa(gateway, System.err, false).follow(runId, Duration.ofMinutes(20));
        assertThat(end.path("state").asText()).as(end.toString()).isEqualTo("COMPLETED");
        for (JsonNode s : evalRun(runId).path("systems")) {
            assertThat(s.path("received").asInt()).as(s.toString()).isEqualTo(expected).isEqualTo(s.path("published").asInt());
        }
        assertIdenticalToBenchQaEval(runId, dataset);
    }

    /**
     * The reader option through the real pipeline: the gateway's reader client asks the reader named {@code e2e} in its
     * configuration, a local server that speaks the
     * OpenAI chat-completions protocol (canned completions: the reader client is under test, not a model) for the
     * answer of every instance, from the lexical selector's sentences; the answers reach the eval-service, its
     * export and its report. Canned: the gold answer for the questions at even positions of the dataset (among
     * questions whose instances share one gold answer), "no idea" for all others, so the answer exact match is
     * (instances answered with their gold) / (instances), counted here from the dataset file.
     */
    @Test
    void readerAnswersReachThePredictionsAndTheReport() throws Exception {
        Path dataset = sample(5);
        List<QaInstance> instances = QaDatasetReader.readAll(dataset);
        java.util.Map<String, java.util.Set<String>> goldsByQuestion = new java.util.LinkedHashMap<>();
        instances.forEach(i -> goldsByQuestion.computeIfAbsent(i.question().strip(), q -> new java.util.HashSet<>()).add(i.answer()));
        java.util.Map<String, String> canned = new java.util.HashMap<>();
        int position = 0;
        for (var e : goldsByQuestion.entrySet()) {
            boolean right = position++ % 2 == 0 && e.getValue().size() == 1;
            canned.put(e.getKey(), right ? e.getValue().iterator().next() : "no idea");
        }
        long goldAnswered = instances.stream().filter(i -> canned.get(i.question().strip()).equals(i.answer())).count();
        assertThat(goldAnswered).as("some right, some wrong").isBetween(1L, instances.size() - 1L);

        readerBehaviour = (n, request) -> {
            String user = ChatCompletionsServer.message(request, "user");
            String question = user.substring(user.lastIndexOf("\nQuestion: ") + "\nQuestion: ".length(), user.lastIndexOf("\nAnswer:"));
            return ChatCompletionsServer.Reply.ok(canned.getOrDefault(question.strip(), "unknown question"), 100, 3);
        };
        List<String> lexical = List.of("select:lexical");
        ObjectNode body = body(dataset, lexical).put("reader", "e2e").put("readerModel", "canned");
        String runId = gateway.submitQaRun(body).path("id").asText();
        JsonNode end = RunFollower.forQa(gateway, System.err, false).follow(runId, Duration.ofMinutes(10));
        assertThat(end.path("state").asText()).as(end.toString()).isEqualTo("COMPLETED");

        // one completion request per instance, for the model asked, with the selected evidence and the question
        assertThat(reader.requests()).isEqualTo(instances.size());
        for (JsonNode request : reader.bodies()) {
            assertThat(request.path("model").asText()).isEqualTo("canned");
            assertThat(ChatCompletionsServer.message(request, "user")).startsWith("Evidence:\n- [").contains("\nQuestion: ");
        }
        // the answers reach the stored predictions...
        java.util.Map<String, String> exported = new java.util.HashMap<>();
        for (String line : gateway.qaPredictions(runId, "select:lexical").split("\n")) {
            if (!line.isBlank()) {
                JsonNode p = JSON.readTree(line);
                exported.put(p.path("id").asText(), p.path("answer").asText());
            }
        }
        for (QaInstance i : instances) {
            assertThat(exported.get(i.id())).as(i.id()).isEqualTo(canned.get(i.question().strip()));
        }
        // ...and the report, which is bench qa eval's on the export, with the answer EM counted above
        JsonNode report = assertIdenticalToBenchQaEval(runId, dataset, lexical);
        double em = report.path("systems").get(0).path("overall").path("answer").path("exact_match").asDouble();
        assertThat(em).isCloseTo((double) goldAnswered / instances.size(), org.assertj.core.data.Offset.offset(1e-9));
        System.err.printf(Locale.ROOT, "e2e QA reader: %d instances, %d answered with their gold, answer EM %.4f%n",
                instances.size(), goldAnswered, em);
    }

    /** All instances of {@value #SOURCES} xquad-mix source questions (every language and condition), as its own dataset. */
    private Path sample(long seed) {
        // written under the stack's state dir: a dataset root of the stack (gateway.datasets.roots)
        return QaSample.writeBySource(config.home().resolve("datasets/xquad-mix"), SOURCES, seed, config.stateDir().resolve("datasets"));
    }

    private String submit(Path dataset) {
        return gateway.submitQaRun(body(dataset, systems)).path("id").asText();
    }

    private ObjectNode body(Path dataset, List<String> systemIds) {
        String id = gateway.registerQaDataset(dataset).path("id").asText();
        ObjectNode body = JSON.createObjectNode().put("dataset", id).put("seed", 42).put("bootstrap", BOOTSTRAP);
        systemIds.forEach(body.putArray("systems")::add);
        return body;
    }

    /** The eval-service's report.json equals bench qa eval's on the exported predictions, except for names and file paths. */
    private JsonNode assertIdenticalToBenchQaEval(String runId, Path dataset) throws Exception {
        return assertIdenticalToBenchQaEval(runId, dataset, systems);
    }

    private JsonNode assertIdenticalToBenchQaEval(String runId, Path dataset, List<String> systems) throws Exception {
        Path results = temp.resolve("qa-results").resolve(runId);
        // what bench qa report writes with the reader token: the report files and every system's predictions
        assertThat(E2eStack.bench("qa", "report", runId, "--out", results.toString(), "--gateway", config.gatewayUrl(),
                "--token", e2e.token(E2eStack.READER_KEY))).isZero();
        assertThat(results.resolve("report.txt")).exists();
        List<String> args = new ArrayList<>(List.of("qa", "eval", "--dataset", dataset.toString(), "--bootstrap",
                Integer.toString(BOOTSTRAP), "--seed", "42", "--out", results.resolve("bench-qa-eval").toString()));
        for (String system : systems) {
            Path file = results.resolve("predictions").resolve(QaSystemId.parse(system).fileName() + ".jsonl");
            assertThat(file).exists();
            args.addAll(List.of("--pred", file.toString()));
        }
        assertThat(E2eStack.bench(args)).isZero();
        JsonNode distributed = normalise(JSON.readTree(results.resolve("report.json").toFile()), systems);
        JsonNode direct = normalise(JSON.readTree(results.resolve("bench-qa-eval/report.json").toFile()), systems);
        Path kept = Path.of("target", "e2e-qa", runId);
        Files.createDirectories(kept);
        Files.writeString(kept.resolve("distributed.json"), distributed.toPrettyString());
        Files.writeString(kept.resolve("direct.json"), direct.toPrettyString());
        assertThat(distributed.path("systems").size()).isEqualTo(systems.size());
        assertThat(distributed.toPrettyString()).isEqualTo(direct.toPrettyString());
        return JSON.readTree(results.resolve("report.json").toFile());
    }

    /**
     * System names: the eval-service names a system by its id ({@code select:all-minilm-l6-v2}), bench qa eval by its
     * file name ({@code select-all-minilm-l6-v2}); the source of the predictions ("file") differs by construction.
     */
    private static JsonNode normalise(JsonNode report, List<String> systems) throws Exception {
        String text = report.toString();
        for (String system : systems) {
            text = text.replace("\"" + system + "\"", "\"" + QaSystemId.parse(system).fileName() + "\"");
        }
        JsonNode node = JSON.readTree(text);
        for (JsonNode s : node.path("systems")) {
            ((ObjectNode) s).remove("file");
        }
        return node;
    }

    /** Waits until the eval-service stored some predictions; returns the expected instances per system. */
    private int awaitSomePredictionsAtEval(String runId) throws Exception {
        return E2eStack.poll("a prediction of QA run " + runId + " at the eval-service", Duration.ofMinutes(5),
                Duration.ofMillis(20), () -> Optional.of(evalRun(runId)).filter(run -> receivedTotal(run) > 0)
                        .map(run -> run.path("systems").get(0).path("expected").asInt()));
    }

    private JsonNode evalRun(String runId) {
        return e2e.evalJson("/api/qa-runs/" + runId);
    }

    private static int receivedTotal(JsonNode evalRun) {
        int n = 0;
        for (JsonNode s : evalRun.path("systems")) {
            n += s.path("received").asInt();
        }
        return n;
    }

    /** The figures the note asks for: per-condition support F1 with intervals, timings, share outside embedding. */
    private static void printFigures(JsonNode run, JsonNode report) {
        JsonNode t = run.path("timings");
        long embed = t.path("embedMillis").asLong();
        long total = t.path("totalMillis").asLong();
        System.err.printf(Locale.ROOT, "e2e QA run timings: %s; share outside embedding %.3f%n", t,
                total == 0 ? Double.NaN : 1.0 - (double) embed / total);
        for (JsonNode s : report.path("systems")) {
            for (JsonNode i : s.path("intervals")) {
                if (i.path("f1").asText().equals("support")) {
                    System.err.printf(Locale.ROOT, "e2e QA support F1 %s %s: %.3f [%.3f, %.3f] n=%d%n", s.path("name").asText(),
                            i.path("domain").asText(), i.path("macro").asDouble(), i.path("low").asDouble(), i.path("high").asDouble(),
                            i.path("n").asInt());
                }
            }
        }
    }

    /** The QA run page renders the report in a real headless browser: condition tables and the heat-map. */
    private void checkPageInBrowser(String runId) throws Exception {
        Optional<HeadlessChromium> chromium = E2eStack.chromium();
        if (chromium.isEmpty()) {
            return;
        }
        String page = e2e.signedInDom(chromium.get(), "/qa-runs/" + runId);
        assertThat(page).contains("fully-monolingual").contains("select:lexical");
        assertThat(page.split("<svg", -1).length - 1).as("inline SVG charts").isGreaterThanOrEqualTo(1);
    }
}
