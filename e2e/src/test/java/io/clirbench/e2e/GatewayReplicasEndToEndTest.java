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
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 29 with two gateway replicas on the real PostgreSQL (127.0.0.1:5432, database {@code test}, fresh schemas
 * dropped afterwards): the stack's gateway and a second one on the same database ({@code gateway.runs.lease} 6 s for
 * both). A clean run through replica 1 is the reference; then a run submitted to replica 1 has replica 1 SIGKILLed
 * mid-run and never restarted: replica 2 takes the run over once the lease lapsed and completes it, with a report.json
 * equal to the reference and byte-identical TREC files (run id replaced), every result stored once. The time from the
 * kill to the completion is printed ({@code replica-timing ...}). Skipped, saying so, only when PostgreSQL cannot be
 * reached.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class GatewayReplicasEndToEndTest {

    private static final String URL = System.getProperty("e2e.pg-url", "jdbc:postgresql://127.0.0.1:5432/test");
    private static final String USER = System.getProperty("e2e.pg-user", "postgres");
    private static final String MODEL = "all-minilm-l6-v2";
    private static final List<String> RETRIEVERS = List.of("bm25", MODEL + "/exact", MODEL + "/hnsw");
    private static final Duration RUN_TIMEOUT = Duration.ofMinutes(6);

    @TempDir
    static Path temp;

    private final String prefix = StackSchemas.prefix("e2egw");
    private Connection admin;
    private E2eStack e2e;
    private Process replica2;
    private GatewayClient first;
    private GatewayClient second;
    private String datasetId;

    @BeforeAll
    void up() throws Exception {
        try {
            admin = DriverManager.getConnection(URL, USER, "");
        } catch (SQLException e) {
            Assumptions.abort("PostgreSQL at " + URL + " is unreachable (" + e.getMessage() + "): GatewayReplicasEndToEndTest skipped");
        }
        StackSchemas.create(admin, prefix);
        var postgres = new StackScale.Postgres(URL, USER, prefix);
        e2e = E2eStack.up(temp.resolve("stack"), List.of(MODEL), new StackScale(Optional.of(postgres), List.of(), 1),
                c -> c.withGatewayProperties(Map.of("gateway.runs.lease", "6S")));
        first = e2e.gateway();
        int port = StackConfig.freePorts(1).get(0);
        replica2 = e2e.startGatewayReplica(port, 2);
        second = new GatewayClient("http://127.0.0.1:" + port, e2e.runnerToken());
        Dataset sample = DatasetSample.byFamilies(DatasetReader.read(e2e.home().resolve("datasets/xquad-clir")), 4, 11);
        Path dir = e2e.config().stateDir().resolve("datasets").resolve(sample.info().id());
        DatasetWriter.write(sample, dir, false);
        datasetId = first.registerDataset(dir).path("id").asText();
    }

    @AfterAll
    void down() throws SQLException {
        if (replica2 != null) {
            replica2.destroy();
            replica2.onExit().join();
        }
        if (e2e != null) {
            e2e.down();
        }
        if (admin != null) {
            StackSchemas.drop(admin, prefix);
            admin.close();
        }
    }

    @Test
    void theOwnerKilledAndNotRestartedTheOtherReplicaCompletesTheRun() throws Exception {
        String clean = submit(first);
        assertCompleted(new RunFollower(first, System.err, false).follow(clean, RUN_TIMEOUT));
        var reference = download(first, clean);
        assertCountedOnce(clean);

        String id = submit(first);
        JsonNode seen = E2eStack.poll("run " + id + " searching on replica 1", Duration.ofMinutes(3), Duration.ofMillis(10),
                () -> Optional.of(first.progress(id, false)).filter(r -> {
                    for (JsonNode x : r.path("retrievers")) {
                        if (x.path("state").asText().equals("SEARCHING") && x.path("id").asText().startsWith(MODEL)) {
                            return true;
                        }
                    }
                    return false;
                }));
        long t0 = System.nanoTime();
        e2e.kill("gateway");
        assertThat(owner(id)).as("the lease names replica 1 until it lapses").endsWith(":" + e2e.config().gatewayPort());
        JsonNode end = new RunFollower(second, System.err, false).follow(id, RUN_TIMEOUT);
        double done = (System.nanoTime() - t0) / 1e9;
        assertCompleted(end);
        assertThat(end.path("message").asText()).startsWith("resumed after a gateway restart at ");
        assertThat(download(second, id)).isEqualTo(reference);
        assertCountedOnce(id);
        assertThat(count("SELECT COUNT(*) FROM " + prefix + "_gateway.run_lease")).as("no lease left").isZero();
        System.out.println("replica-timing " + String.format(Locale.ROOT, "replica 1 killed at %s; replica 2 completed the run"
                + " %.1f s after the kill (lease 6 s)", seen.path("retrievers").toString(), done));
    }

    private String owner(String runId) throws SQLException {
        try (var ps = admin.prepareStatement("SELECT owner FROM " + prefix + "_gateway.run_lease WHERE run_id = ?")) {
            ps.setString(1, runId);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getString(1) : "(no lease)";
            }
        }
    }

    private long count(String sql) throws SQLException {
        try (var s = admin.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private String submit(GatewayClient gateway) {
        return gateway.submitRun(datasetId, RETRIEVERS, 1000, 42, 200).path("id").asText();
    }

    private static void assertCompleted(JsonNode run) {
        assertThat(run.path("state").asText()).as(run.toString()).isEqualTo("COMPLETED");
    }

    private void assertCountedOnce(String id) {
        for (JsonNode r : e2e.evalJson("/api/runs/" + id).path("retrievers")) {
            assertThat(r.path("received").asInt()).as(r.toString()).isEqualTo(r.path("published").asInt())
                    .isEqualTo(r.path("expected").asInt());
        }
    }

    private record Files2(String reportJson, Map<String, String> trec) {
    }

    private Files2 download(GatewayClient gateway, String id) throws Exception {
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
        assertThat(trec).hasSize(RETRIEVERS.size());
        return new Files2(report.toPrettyString(), trec);
    }
}
