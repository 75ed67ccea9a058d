package io.clirbench.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.cli.gateway.GatewayClient;
import io.clirbench.cli.gateway.ReportDownload;
import io.clirbench.cli.gateway.RunFollower;
import io.clirbench.core.testing.EmbeddingsServer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * A served model (card kind {@code remote}, written by {@code bench model add --remote}) beside a local one (a static
 * model, as in {@link StaticModelEndToEndTest}), both run through the local stack. The endpoint is a real HTTP server
 * started here ({@link EmbeddingsServer}, protocol TEI, a bearer token required): a text's vector is the counts of
 * a, e, i, o, u and 1, normalised (TEI's {@code normalize: true}). Vectors and cosines by hand:
 * <pre>
 *   f1_en "open the file"     (0, 3, 1, 1, 0, 1)  norm sqrt(12)
 *   f1_de "die Datei"         (1, 2, 2, 0, 0, 1)  norm sqrt(10)
 *   f2_en "open the network"  (0, 3, 0, 2, 0, 1)  norm sqrt(14)
 *   f2_de "das Netzwerk"      (1, 2, 0, 0, 0, 1)  norm sqrt(6)
 *   q1 "Datei"    (1, 1, 1, 0, 0, 1) norm 2:       f1_de 6/(2 sqrt 10) = 0.948683, f2_de 4/(2 sqrt 6) = 0.816497,
 *                                                  f1_en 5/(2 sqrt 12) = 0.721688, f2_en 4/(2 sqrt 14) = 0.534522
 *   q2 "network"  (0, 1, 0, 1, 0, 1) norm sqrt 3:  f2_en 6/sqrt 42 = 0.925820, f1_en 5/6 = 0.833333,
 *                                                  f2_de 3/sqrt 18 = 0.707107, f1_de 3/sqrt 30 = 0.547723
 * </pre>
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RemoteModelEndToEndTest {

    private static final String REMOTE = "remote-vowels";
    private static final String LOCAL = "tiny-static";
    private static final String TOKEN = "e2e-remote-token-5b0c81d4";

    @TempDir
    static Path temp;

    private EmbeddingsServer server;
    private E2eStack e2e;
    private String dataset;
    private final List<Path> reports = new ArrayList<>();

    @BeforeAll
    void up() throws Exception {
        server = EmbeddingsServer.start(TOKEN);
        Path state = temp.resolve("stack");
        Path token = temp.resolve("secrets").resolve("tei-token");
        Files.createDirectories(token.getParent());
        Files.writeString(token, TOKEN + "\n");
        Path local = StaticModelEndToEndTest.writeModel(temp.resolve("tiny-static-model"));
        assertThat(E2eStack.bench("model", "add", local.toString(), "--id", LOCAL, "--state-dir", state.toString(),
                "--probe", "Datei")).as("bench model add (static)").isZero();
        assertThat(E2eStack.bench("model", "add", "--remote", server.url(), "--protocol", "tei", "--id", REMOTE,
                "--token-file", token.toString(), "--languages", "en,de", "--state-dir", state.toString(),
                "--probe", "Datei")).as("bench model add --remote").isZero();
        JsonNode card = E2eStack.json(Files.readString(state.resolve("models").resolve(REMOTE).resolve("model.json")));
        // the probe found the dimension (6: five vowels and the bias) and the card keeps the token's file, not the token
        assertThat(card.path("dimension").asInt()).isEqualTo(6);
        assertThat(card.path("endpoint").path("tokenFile").asText()).isEqualTo(token.toString());
        assertThat(card.toString()).doesNotContain(TOKEN);
        e2e = E2eStack.up(state, List.of(REMOTE, LOCAL));
        dataset = e2e.gateway().registerDataset(StaticModelEndToEndTest.writeDataset(e2e.config().stateDir().resolve("datasets").resolve("tiny-remote-clir"),
                "tiny-remote-clir")).path("id").asText();
    }

    @AfterAll
    void down() {
        if (e2e != null) {
            e2e.down();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    @Order(1)
    void aServedModelRunsBesideALocalOneThroughRetriesAndItsInfoNamesTheEndpoint() throws Exception {
        String info = e2e.gatewayGet("/api/encoders");
        assertThat(info).contains("remote tei " + server.url() + "/embed");
        server.failNext(429, 503);
        int before = server.requests();
        int textsBefore = server.textsEmbedded();
        Finished run = run(dataset, List.of(REMOTE + "/exact", LOCAL + "/exact"));
        JsonNode end = run.end();
        assertThat(end.path("state").asText()).as(end.toString()).isEqualTo("COMPLETED");
        assertThat(end.path("message").asText("")).doesNotContain("partial");
        Path results = download(run.id(), "first");
        Map<String, List<String[]>> ranked = StaticModelEndToEndTest.trec(results.resolve("runs").resolve(ReportDownload.fileName(REMOTE + "/exact") + ".trec"));
        StaticModelEndToEndTest.assertRanking(ranked.get("q1"), new String[] {"f1_de", "f2_de", "f1_en", "f2_en"}, new double[] {0.948683, 0.816497, 0.721688, 0.534522});
        StaticModelEndToEndTest.assertRanking(ranked.get("q2"), new String[] {"f2_en", "f1_en", "f2_de", "f1_de"}, new double[] {0.925820, 0.833333, 0.707107, 0.547723});
        String report = Files.readString(results.resolve("report.json"));
        assertThat(report).contains(REMOTE + "/exact", LOCAL + "/exact");
        // 4 documents and 2 queries, 6 texts, answered once each; the two injected refusals were retried
        assertThat(server.textsEmbedded() - textsBefore).isEqualTo(6);
        assertThat(server.requests() - before).as("requests: answered ones plus the 2 refused").isGreaterThanOrEqualTo(2 + 2);
        String embedderLog = Files.readString(e2e.config().logDir().resolve("embedder-" + REMOTE + ".log"));
        assertThat(embedderLog).contains("HTTP 429", "HTTP 503");
    }

    @Test
    @Order(2)
    void aSecondRunCallsTheEndpointZeroTimes() throws Exception {
        int before = server.requests();
        Finished run = run(dataset, List.of(REMOTE + "/exact", LOCAL + "/exact"));
        assertThat(run.end().path("state").asText()).as(run.end().toString()).isEqualTo("COMPLETED");
        download(run.id(), "second");
        assertThat(server.requests()).as("the gateway's embedding cache and the filled collection answer").isEqualTo(before);
    }

    @Test
    @Order(3)
    void anEndpointThatStaysDownFailsTheRunNamingIt() throws Exception {
        server.close();
        Path down = StaticModelEndToEndTest.writeDataset(e2e.config().stateDir().resolve("datasets").resolve("tiny-remote-down"),
                "tiny-remote-down");
        // queries not embedded before: the cache cannot answer them (the documents' vectors it can)
        Files.writeString(down.resolve("queries.jsonl"), """
                {"_id": "q1", "text": "Datei öffnen", "lang": "de"}
                {"_id": "q2", "text": "network file", "lang": "en"}
                """);
        String other = e2e.gateway().registerDataset(down).path("id").asText();
        JsonNode end = run(other, List.of(REMOTE + "/exact")).end();
        assertThat(end.path("state").asText()).as(end.toString()).isEqualTo("FAILED");
        assertThat(end.path("message").asText()).contains("embedding endpoint " + server.url() + "/embed failed after 5 attempts")
                .doesNotContain(TOKEN);
    }

    @Test
    @Order(4)
    void theTokenIsInNoLogAndNoReport() throws Exception {
        List<Path> searched = new ArrayList<>();
        for (Path root : Stream.concat(Stream.of(e2e.config().logDir()), reports.stream()).toList()) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path f : files.filter(Files::isRegularFile).toList()) {
                    searched.add(f);
                    assertThat(new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1)).as(f.toString()).doesNotContain(TOKEN);
                }
            }
        }
        assertThat(searched).as("the embedder's log and both runs' report files were searched")
                .anyMatch(p -> p.getFileName().toString().equals("embedder-" + REMOTE + ".log"))
                .anyMatch(p -> p.getFileName().toString().equals("report.json"));
    }

    /** A run's id and its last state as the follower saw it. */
    private record Finished(String id, JsonNode end) {
    }

    private Finished run(String datasetId, List<String> retrievers) throws Exception {
        GatewayClient gateway = e2e.gateway();
        String runId = gateway.submitRun(datasetId, retrievers, 10, 42, 100).path("id").asText();
        return new Finished(runId, new RunFollower(gateway, System.err, false).follow(runId, Duration.ofMinutes(5)));
    }

    private Path download(String runId, String name) throws Exception {
        Path results = temp.resolve("results-" + name);
        ReportDownload.write(e2e.gateway(), runId, results);
        reports.add(results);
        return results;
    }
}
