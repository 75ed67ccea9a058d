package io.clirbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.cli.gateway.GatewayClient;
import io.clirbench.cli.gateway.ReportDownload;
import io.clirbench.cli.gateway.RunFollower;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.dataset.DatasetSample;
import io.clirbench.core.dataset.DatasetWriter;
import io.clirbench.core.model.Dataset;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
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
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The faults of issue 13 on the real processes of one local stack: two embedder replicas of all-MiniLM-L6-v2, BM25,
 * and a model whose only endpoint is a misconfigured one (the index-service's port: it answers every embed.v1 call
 * UNIMPLEMENTED). The gateway looks nothing up in its embedding cache ({@code gateway.embed.cache=false}), so every
 * run sends its query texts to the embedders. A clean run first is the reference; every fault run after it, on the
 * same dataset with the same settings, must give an identical report.
 *
 * <p>"Identical": report.json equal as JSON after two normalisations, nothing else touched: the run id replaced by
 * {@code RUN} (the runs' {@code file} field names it) and {@code failedRetrievers} removed (asserted on its own);
 * and every TREC run file equal byte for byte after the same replacement. So every metric value, interval, test and
 * count is compared.
 *
 * <p>Recovery timings (fault to the run proceeding) are printed to standard output as {@code fault-timing ...}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FaultEndToEndTest {

    private static final String MODEL = "all-minilm-l6-v2";
    private static final String DENSE = MODEL + "/exact";
    private static final String BROKEN = "e5-small-v2-q/exact";
    private static final List<String> RETRIEVERS = List.of("bm25", DENSE);
    private static final int BOOTSTRAP = 200;
    private static final Duration RUN_TIMEOUT = Duration.ofMinutes(8);

    @TempDir
    static Path temp;

    private E2eStack e2e;
    private GatewayClient gateway;
    private String datasetId;
    private Reference reference;
    private final Map<String, String> timings = new LinkedHashMap<>();

    /** The normalised report.json and TREC files of a run. */
    private record Reference(String reportJson, Map<String, String> trec) {
    }

    @BeforeAll
    void up() {
        e2e = E2eStack.up(temp.resolve("stack"), List.of(MODEL), c -> c.withReplicas(Map.of(MODEL, 2), true)
                .withGatewayProperties(Map.of("gateway.embed.cache", "false",
                        "gateway.encoders.\"e5-small-v2-q\".endpoints", "127.0.0.1:" + c.indexPort())));
        gateway = e2e.gateway();
        Dataset sample = DatasetSample.byFamilies(DatasetReader.read(e2e.home().resolve("datasets/xquad-clir")), 4, 11);
        Path dir = e2e.config().stateDir().resolve("datasets").resolve(sample.info().id());
        DatasetWriter.write(sample, dir, false);
        datasetId = gateway.registerDataset(dir).path("id").asText();
    }

    @AfterAll
    void down() {
        timings.forEach((fault, timing) -> System.out.println("fault-timing " + fault + ": " + timing));
        if (e2e != null) {
            e2e.down();
        }
    }

    @Test
    @Order(1)
    void cleanRunIsTheReference() throws Exception {
        long t0 = System.nanoTime();
        String id = submit(RETRIEVERS);
        assertCompleted(follow(id));
        reference = download(id);
        timings.put("clean run", String.format(Locale.ROOT, "%.1f s", seconds(t0)));
        assertCountedOnce(id);
    }

    @Test
    @Order(2)
    void oneOfTwoReplicasKilledMidRun() throws Exception {
        String id = submit(RETRIEVERS);
        awaitRunning(id);
        long t0 = System.nanoTime();
        e2e.kill("embedder-" + MODEL + "-2");
        JsonNode end = follow(id);
        assertCompleted(end);
        timings.put("one of two embedder replicas killed", String.format(Locale.ROOT, "run completed %.1f s after the kill"
                + " (the clean run took %s)", seconds(t0), timings.get("clean run")));
        assertThat(download(id)).isEqualTo(reference);
        assertCountedOnce(id);
    }

    @Test
    @Order(3)
    void theOnlyReplicaKilledTheRunWaitsAndGoesOnAfterBenchRestart() throws Exception {
        // replica 2 is still dead from the test before: killing replica 1 leaves the model without any
        String id = submit(RETRIEVERS);
        ByteArrayOutputStream followed = new ByteArrayOutputStream();
        CompletableFuture<JsonNode> follower = CompletableFuture.supplyAsync(() ->
                new RunFollower(gateway, new PrintStream(followed, true, StandardCharsets.UTF_8), false).follow(id, RUN_TIMEOUT));
        awaitRunning(id);
        long t0 = System.nanoTime();
        e2e.kill("embedder-" + MODEL + "-2"); // dead already unless the test before failed
        e2e.kill("embedder-" + MODEL);
        JsonNode waiting = E2eStack.poll("run " + id + " waiting for an encoder", Duration.ofMinutes(2), Duration.ofMillis(200),
                () -> Optional.of(gateway.progress(id, false)).filter(r -> r.path("message").asText("").startsWith("waiting for an encoder")));
        double noticed = seconds(t0);
        assertThat(waiting.path("state").asText()).isEqualTo("RUNNING");
        assertThat(waiting.path("message").asText()).contains("model '" + MODEL + "'", "bench restart embedder-" + MODEL);
        assertThat(e2e.gatewayGet("/runs/" + id)).contains("waiting for an encoder");
        long r0 = System.nanoTime();
        e2e.benchRestart("embedder-" + MODEL);
        double restarted = seconds(r0);
        long p0 = System.nanoTime();
        E2eStack.poll("run " + id + " going on", Duration.ofMinutes(1), Duration.ofMillis(100),
                () -> Optional.of(gateway.progress(id, false)).filter(r -> !r.path("message").asText("").startsWith("waiting for an encoder")));
        double proceeded = seconds(p0);
        JsonNode end = follower.get();
        assertCompleted(end);
        assertThat(followed.toString(StandardCharsets.UTF_8)).as("bench run's follower").contains("waiting for an encoder");
        timings.put("only embedder replica killed", String.format(Locale.ROOT, "waiting shown %.1f s after the kill; bench restart"
                + " ready in %.1f s; run going on %.1f s after that", noticed, restarted, proceeded));
        assertThat(download(id)).isEqualTo(reference);
        assertCountedOnce(id);
    }

    @Test
    @Order(4)
    void aRetrieverThatFailsLeavesThePartialReportOfTheOthers() throws Exception {
        List<String> three = new ArrayList<>(RETRIEVERS);
        three.add(BROKEN);
        String id = submit(three);
        JsonNode end = follow(id);
        assertCompleted(end);
        assertThat(end.path("message").asText()).startsWith("partial: retriever '" + BROKEN + "' failed:").contains("UNIMPLEMENTED");
        JsonNode report = E2eStack.json(gateway.file(id, "report.json"));
        assertThat(report.path("failedRetrievers").path(BROKEN).asText()).contains("UNIMPLEMENTED");
        assertThat(gateway.file(id, "report.md")).contains("## Failed retrievers", BROKEN);
        assertThat(download(id)).isEqualTo(reference);
    }

    @Test
    @Order(5)
    void evalServiceDownShowsEvaluationUnavailableAndAfterBenchRestartTheReportIsIdentical() throws Exception {
        String id = submit(RETRIEVERS);
        awaitRunning(id);
        long t0 = System.nanoTime();
        e2e.kill("eval");
        JsonNode unavailable = E2eStack.poll("run " + id + " evaluation unavailable", Duration.ofMinutes(3), Duration.ofMillis(200),
                () -> Optional.of(gateway.progress(id, false)).filter(r -> r.path("message").asText("").startsWith("evaluation unavailable")));
        assertThat(unavailable.path("state").asText()).isEqualTo("EVALUATING");
        assertThat(unavailable.path("message").asText()).contains("eval-service at " + e2e.config().evalUrl() + " not answering since ");
        assertThat(e2e.gatewayGet("/runs/" + id)).contains("evaluation unavailable");
        JsonNode ready = E2eStack.json(e2e.gatewayGet("/q/health/ready"));
        assertThat(ready.toString()).contains("\"eval-service\"").contains("\"answering\":false");
        double shown = seconds(t0);
        long r0 = System.nanoTime();
        e2e.benchRestart("eval");
        double restarted = seconds(r0);
        assertCompleted(follow(id));
        timings.put("eval-service killed", String.format(Locale.ROOT, "'evaluation unavailable' shown %.1f s after the kill;"
                + " bench restart eval ready in %.1f s; run completed %.1f s after the restart began (%.1f s after the kill)",
                shown, restarted, seconds(r0), seconds(t0)));
        assertThat(download(id)).isEqualTo(reference);
        assertCountedOnce(id);
        assertThat(E2eStack.json(e2e.gatewayGet("/q/health/ready")).toString()).contains("\"answering\":true");
    }

    @Test
    @Order(6)
    void kafkaBrokerRestartedMidRunLosesNothing() throws Exception {
        String id = submit(RETRIEVERS);
        awaitRunning(id);
        long t0 = System.nanoTime();
        e2e.benchRestart("kafka");
        double restarted = seconds(t0);
        assertCompleted(follow(id));
        timings.put("kafka broker restarted", String.format(Locale.ROOT, "bench restart kafka ready in %.1f s; run completed %.1f s"
                + " after the restart began", restarted, seconds(t0)));
        assertThat(download(id)).isEqualTo(reference);
        assertCountedOnce(id);
    }

    @Test
    @Order(7)
    void gatewayKilledMidRunResumesTheRunAndCountsNothingTwice() throws Exception {
        // killed right after it accepted a run: a gateway killed ~0.1 s after accepting one once lost it (404 after the
        // restart), through H2's delayed write of commits; both services now write with WRITE_DELAY=0 (README "Faults")
        String early = submit(RETRIEVERS);
        long e0 = System.nanoTime();
        e2e.kill("gateway");
        e2e.benchRestart("gateway");
        JsonNode afterEarly = follow(early);
        assertCompleted(afterEarly);
        assertThat(afterEarly.path("message").asText()).startsWith("resumed after a gateway restart at ");
        timings.put("gateway killed at once", String.format(Locale.ROOT, "the run accepted before the kill resumed and COMPLETED"
                + " %.1f s after it", seconds(e0)));
        assertThat(download(early)).isEqualTo(reference);
        assertCountedOnce(early);

        // killed while the run is RUNNING (every phase on its own: GatewayResumeEndToEndTest)
        String id = submit(RETRIEVERS);
        awaitRunning(id);
        long t0 = System.nanoTime();
        e2e.kill("gateway");
        e2e.benchRestart("gateway");
        JsonNode end = follow(id);
        assertCompleted(end);
        assertThat(end.path("message").asText()).startsWith("resumed after a gateway restart at ");
        timings.put("gateway killed", String.format(Locale.ROOT, "resumed and COMPLETED %.1f s after the kill", seconds(t0)));
        assertThat(download(id)).isEqualTo(reference);
        assertCountedOnce(id);
        // and the restarted gateway runs the next one normally
        String next = submit(RETRIEVERS);
        assertCompleted(follow(next));
        assertThat(download(next)).isEqualTo(reference);
    }

    @Test
    @Order(8)
    void indexServiceKilledMidRunTheRunWaitsAndCompletesWithTheSameReport() throws Exception {
        // issue 45: killed while the run searches (its collections are filled by the runs before), restarted with
        // bench restart; the gateway tries its calls again (gateway.index.wait-for-service) and reconnects at once
        String id = submit(RETRIEVERS);
        awaitRunning(id);
        long t0 = System.nanoTime();
        e2e.kill("index");
        e2e.benchRestart("index");
        double restarted = seconds(t0);
        assertCompleted(follow(id));
        timings.put("index-service killed", String.format(Locale.ROOT, "bench restart index ready in %.1f s; run completed"
                + " %.1f s after the kill", restarted, seconds(t0)));
        assertThat(download(id)).isEqualTo(reference);
        assertCountedOnce(id);
        String next = submit(RETRIEVERS);
        assertCompleted(follow(next));
        assertThat(download(next)).isEqualTo(reference);
    }

    @Test
    @Order(9)
    void indexServiceKilledWhileTheRunIndexesTheRunWaitsAndCompletesWithTheSameReport() throws Exception {
        // issue 45: killed while the run creates and fills its collections. The runs before filled them, so they are
        // dropped first (DELETE /api/collections/{name}) and the run fills them again from the same corpus. A fill of
        // this sample is short (48 texts: one IndexTexts, one Upsert), so the run is polled until one of its retrievers is
        // INDEXING and the service killed then; the kill hit the fill when the gateway's log says a fill call of that
        // collection found the service unavailable (IndexClient: "unavailable during IndexTexts <collection>"). A kill
        // that came too late (the fill done) is still a valid fault run, checked the same way, and the run is tried again.
        // Seen so far (3 of 3 runs, first attempt each): bm25 INDEXING, 0 of 48 indexed, its CreateCollection retried.
        Path gatewayLog = e2e.config().logDir().resolve("gateway.log");
        String hit = null;
        int attempts = 0;
        while (hit == null && attempts < 3) {
            attempts++;
            for (String collection : collections()) {
                JsonNode dropped = gateway.deleteCollection(collection);
                assertThat(Math.max(dropped.path("count").asLong(), dropped.path("textCount").asLong())).as(dropped.toString())
                        .isPositive();
            }
            long logFrom = Files.size(gatewayLog);
            String id = submit(RETRIEVERS);
            Optional<JsonNode> indexing = awaitIndexing(id);
            long t0 = System.nanoTime();
            String at = null;
            double restarted = 0;
            if (indexing.isPresent()) {
                e2e.kill("index");
                JsonNode r = retriever(gateway.progress(id, false), indexing.get().path("id").asText());
                at = String.format(Locale.ROOT, "retriever %s %s, %d of %d documents indexed", r.path("id").asText(),
                        r.path("state").asText(), r.path("documentsIndexed").asInt(), r.path("documents").asInt());
                long r0 = System.nanoTime();
                e2e.benchRestart("index");
                restarted = seconds(r0);
            }
            assertCompleted(follow(id));
            double completed = seconds(t0);
            assertThat(download(id)).isEqualTo(reference);
            assertCountedOnce(id);
            byte[] bytes = Files.readAllBytes(gatewayLog);
            int from = (int) Math.min(logFrom, bytes.length);
            String log = new String(bytes, from, bytes.length - from, StandardCharsets.UTF_8);
            Optional<String> fillCall = fillCallsOf(collections()).stream().filter(c -> log.contains("unavailable during " + c))
                    .findFirst();
            System.err.println("index-service kill at indexing, attempt " + attempts + ": " + (at == null
                    ? "no retriever seen INDEXING" : "killed with " + at + "; fill call that found it gone: " + fillCall.orElse("none")));
            if (at != null && fillCall.isPresent()) {
                hit = String.format(Locale.ROOT, "killed with %s (attempt %d); the gateway's %s waited for it; bench restart"
                        + " index ready in %.1f s; run completed %.1f s after the kill", at, attempts, fillCall.get(), restarted,
                        completed);
            }
        }
        assertThat(hit).as("no kill of the index-service hit a fill in " + attempts + " runs").isNotNull();
        timings.put("index-service killed while indexing", hit);
        // and the next run (the collections filled after the restart are reused) gives the same report
        String next = submit(RETRIEVERS);
        assertCompleted(follow(next));
        assertThat(download(next)).isEqualTo(reference);
        assertCountedOnce(next);
    }

    /** The index-service collections of the test's retrievers on the sample (gateway CollectionNames). */
    private List<String> collections() {
        return List.of(datasetId + "__bm25", datasetId + "__" + MODEL + "__exact");
    }

    /** The index calls that create or fill {@code collections}, as IndexClient names them in its log. */
    private static List<String> fillCallsOf(List<String> collections) {
        List<String> calls = new ArrayList<>();
        for (String c : collections) {
            for (String call : List.of("CreateCollection ", "IndexTexts ", "Upsert ")) {
                calls.add(call + c);
            }
        }
        return calls;
    }

    /**
     * Polls the run (every 5 ms: a fill of the sample takes a fraction of a second) until one of its retrievers is
     * INDEXING, that retriever's JSON; empty when the run got past every fill without being seen in one.
     */
    private Optional<JsonNode> awaitIndexing(String id) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (System.nanoTime() < deadline) {
            JsonNode run = gateway.progress(id, false);
            boolean allFilled = true;
            for (JsonNode r : run.path("retrievers")) {
                if (r.path("state").asText().equals("INDEXING")) {
                    return Optional.of(r);
                }
                allFilled &= r.path("documents").asInt() > 0 && r.path("documentsIndexed").asInt() >= r.path("documents").asInt();
            }
            if (allFilled || !List.of("QUEUED", "RUNNING").contains(run.path("state").asText())) {
                return Optional.empty();
            }
            Thread.sleep(5);
        }
        throw new AssertionError("run " + id + " neither indexing nor past its fills within 2 min");
    }

    private static JsonNode retriever(JsonNode run, String retrieverId) {
        for (JsonNode r : run.path("retrievers")) {
            if (r.path("id").asText().equals(retrieverId)) {
                return r;
            }
        }
        throw new AssertionError("no retriever " + retrieverId + " in " + run);
    }

    private String submit(List<String> retrievers) {
        return gateway.submitRun(datasetId, retrievers, 1000, 42, BOOTSTRAP).path("id").asText();
    }

    private JsonNode follow(String id) {
        return new RunFollower(gateway, System.err, false).follow(id, RUN_TIMEOUT);
    }

    private static void assertCompleted(JsonNode run) {
        assertThat(run.path("state").asText()).as(run.toString()).isEqualTo("COMPLETED");
    }

    /** Until the run is RUNNING and its first retriever is at work. */
    private void awaitRunning(String id) throws Exception {
        E2eStack.poll("run " + id + " running", Duration.ofMinutes(2), Duration.ofMillis(20),
                () -> Optional.of(gateway.progress(id, false)).filter(r -> r.path("state").asText().equals("RUNNING")));
    }

    /** Every retriever's results at the eval-service: exactly the published number, each stored once. */
    private void assertCountedOnce(String id) {
        for (JsonNode r : e2e.evalJson("/api/runs/" + id).path("retrievers")) {
            assertThat(r.path("received").asInt()).as(r.toString()).isEqualTo(r.path("published").asInt())
                    .isEqualTo(r.path("expected").asInt());
        }
    }

    private Reference download(String id) throws Exception {
        Path dir = temp.resolve("reports").resolve(id);
        List<String> names = ReportDownload.write(gateway, id, dir);
        JsonNode report = E2eStack.json(Files.readString(dir.resolve("report.json")).replace(id, "RUN"));
        ((ObjectNode) report).remove("failedRetrievers");
        ((ObjectNode) report).remove("efficiency"); // times and sizes: measured anew by every run
        Map<String, String> trec = new TreeMap<>();
        for (String name : names) {
            if (name.startsWith("runs/")) {
                trec.put(name, Files.readString(dir.resolve(name)).replace(id, "RUN"));
            }
        }
        assertThat(trec).as("TREC files of " + id).hasSize(RETRIEVERS.size());
        return new Reference(report.toPrettyString(), trec);
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }
}
