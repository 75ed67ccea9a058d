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
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gateway and two eval-service replicas on the real PostgreSQL (127.0.0.1:5432, database {@code test}, each
 * service in a fresh schema, dropped afterwards), topics of 4 partitions, BM25 on a slice of xquad-clir. A clean
 * run's report is the reference; then one replica is SIGKILLed while the results stream in (and restarted), and
 * in a third run the replica that holds the evaluation's lease is SIGKILLed (not restarted): the other replica
 * takes the run over when the lease ends. Both reports must equal the reference, and every result is stored once
 * (rows counted in PostgreSQL). Skipped, saying so, only when PostgreSQL cannot be reached.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class PostgresEndToEndTest {

    private static final String URL = System.getProperty("e2e.pg-url", "jdbc:postgresql://127.0.0.1:5432/test");
    private static final String USER = System.getProperty("e2e.pg-user", "postgres");
    private static final List<String> RETRIEVERS = List.of("bm25");
    private static final int DEPTH = 100;
    private static final long SEED = 42;
    /** Large enough that the evaluation lasts seconds (12 families: ~144 queries x 100,000 resamples). */
    private static final int BOOTSTRAP = 100_000;

    @TempDir
    static Path temp;

    private final String prefix = StackSchemas.prefix("e2e");
    private Connection admin;
    private E2eStack e2e;
    private GatewayClient gateway;
    private StackConfig config;
    private String datasetId;
    private String reference;

    @BeforeAll
    void up() throws Exception {
        try {
            admin = DriverManager.getConnection(URL, USER, "");
        } catch (SQLException e) {
            Assumptions.abort("PostgreSQL at " + URL + " is unreachable (" + e.getMessage() + "): PostgresEndToEndTest skipped");
        }
        StackSchemas.create(admin, prefix);
        var postgres = new StackScale.Postgres(URL, USER, prefix);
        e2e = E2eStack.up(temp.resolve("stack"), List.of(), new StackScale(Optional.of(postgres), StackConfig.freePorts(1), 4));
        config = e2e.config();
        gateway = e2e.gateway();
        Dataset sample = DatasetSample.byFamilies(DatasetReader.read(config.home().resolve("datasets/xquad-clir")), 12, 31);
        Path dir = config.stateDir().resolve("datasets").resolve(sample.info().id());
        DatasetWriter.write(sample, dir, false);
        datasetId = gateway.registerDataset(dir).path("id").asText();
        String runId = submit();
        complete(runId);
        reference = report(runId);
        assertStoredOnce(runId);
    }

    @AfterAll
    void down() throws SQLException {
        if (e2e != null) {
            e2e.down();
        }
        if (admin != null) {
            StackSchemas.drop(admin, prefix);
            admin.close();
        }
    }

    @Test
    void theGatewayRunsOnPostgres() throws SQLException {
        try (PreparedStatement s = admin.prepareStatement(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = ?")) {
            s.setString(1, prefix + "_gateway");
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                assertThat(rs.getInt(1)).as("tables of the gateway in " + prefix + "_gateway").isGreaterThan(1);
            }
        }
    }

    @Test
    @Order(1)
    void aReplicaKilledWhileResultsArriveLosesNothing() throws Exception {
        String runId = submit();
        E2eStack.poll("a result of run " + runId + " stored", Duration.ofMinutes(3), Duration.ofMillis(20),
                () -> stored(runId) > 0 ? Optional.of(true) : Optional.empty());
        int before = stored(runId);
        long t0 = System.nanoTime();
        e2e.killAndRestart("eval");
        System.out.printf(Locale.ROOT, "killed eval with %d results of run %s stored; restarted in %.1f s%n", before, runId,
                (System.nanoTime() - t0) / 1e9);
        complete(runId);
        System.out.printf(Locale.ROOT, "run %s completed %.1f s after the kill%n", runId, (System.nanoTime() - t0) / 1e9);
        assertThat(normalise(report(runId), runId)).isEqualTo(normalise(reference, null));
        assertStoredOnce(runId);
    }

    @Test
    @Order(2)
    void theReplicaHoldingTheEvaluationKilledTheOtherOneFinishesIt() throws Exception {
        String runId = submit();
        String owner = E2eStack.poll("the evaluation of run " + runId + " claimed", Duration.ofMinutes(3), Duration.ofMillis(20),
                () -> claimOwner(runId));
        long pid = Long.parseLong(owner.split("-")[owner.split("-").length - 2]);
        String name = e2e.nameOf(pid).orElseThrow(() -> new AssertionError("owner " + owner + " is no process of the stack"));
        long t0 = System.nanoTime();
        e2e.kill(name);
        complete(runId);
        double recovery = (System.nanoTime() - t0) / 1e9;
        System.out.printf(Locale.ROOT, "killed %s (pid %d) holding the evaluation of run %s; the other replica finished it, "
                + "report %.1f s after the kill (lease 15 s)%n", name, pid, runId, recovery);
        assertThat(normalise(report(runId), runId)).isEqualTo(normalise(reference, null));
        assertStoredOnce(runId);
        String survivor = name.equals("eval") ? StackScale.evalName(1) : "eval";
        assertThat(Files.readString(config.logDir().resolve(survivor + ".log")))
                .as("the survivor's log").contains("evaluating run " + runId + " (cost ").contains("claim 2)");
    }

    private String submit() {
        return gateway.submitRun(datasetId, RETRIEVERS, DEPTH, SEED, BOOTSTRAP).path("id").asText();
    }

    private void complete(String runId) {
        JsonNode end = new RunFollower(gateway, System.err, false).follow(runId, Duration.ofMinutes(4));
        assertThat(end.path("state").asText()).as(end.toString()).isEqualTo("COMPLETED");
    }

    private String report(String runId) throws Exception {
        Path dir = temp.resolve("results").resolve(runId);
        ReportDownload.write(gateway, runId, dir);
        return Files.readString(dir.resolve("report.json"));
    }

    /** The report without what names the run (its id in each run's source); nothing else is touched. */
    private static String normalise(String reportJson, String runId) throws Exception {
        JsonNode node = E2eStack.json(reportJson);
        for (JsonNode run : node.path("runs")) {
            ((ObjectNode) run).remove("file");
        }
        ((ObjectNode) node).remove("efficiency"); // times and sizes: measured anew by every run
        String text = node.toPrettyString();
        return runId == null ? text : text.replace(runId, "RUN");
    }

    /** The owner of the run's evaluation lease, asked of every live replica (the queue is shared: any answers). */
    private Optional<String> claimOwner(String runId) {
        for (int port : config.evalPorts()) {
            var r = liveGet(port, "/api/evaluations");
            if (r.isPresent() && r.get().statusCode() == 200) {
                for (JsonNode entry : E2eStack.json(r.get().body()).path("evaluations")) {
                    if (entry.path("runId").asText().equals(runId) && entry.hasNonNull("owner")) {
                        return Optional.of(entry.get("owner").asText());
                    }
                }
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** A GET of one eval replica; empty when it cannot be reached (killed). */
    private Optional<java.net.http.HttpResponse<String>> liveGet(int port, String path) {
        try {
            return Optional.of(e2e.evalGet(port, path));
        } catch (java.io.UncheckedIOException unreachable) {
            return Optional.empty();
        }
    }

    private int stored(String runId) throws SQLException {
        try (PreparedStatement s = admin.prepareStatement("SELECT count(*) FROM " + prefix + "_eval.eval_result WHERE run_id = ?")) {
            s.setString(1, runId);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                return rs.getInt(1);
            }
        }
    }

    /** One validated row per published (retriever, query), as the run's RunCompleted counts them. */
    private void assertStoredOnce(String runId) throws SQLException {
        JsonNode view = null;
        for (int port : config.evalPorts()) {
            var r = liveGet(port, "/api/runs/" + runId);
            if (r.isPresent() && r.get().statusCode() == 200) {
                view = E2eStack.json(r.get().body());
                break;
            }
        }
        assertThat(view).as("a replica answers for run " + runId).isNotNull();
        int published = view.path("retrievers").get(0).path("published").asInt();
        assertThat(published).isEqualTo(view.path("retrievers").get(0).path("expected").asInt()).isPositive();
        try (PreparedStatement s = admin.prepareStatement("SELECT count(*), count(DISTINCT query_id), "
                + "sum(CASE WHEN status = 'OK' THEN 1 ELSE 0 END) FROM " + prefix + "_eval.eval_result WHERE run_id = ?")) {
            s.setString(1, runId);
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                assertThat(List.of(rs.getInt(1), rs.getInt(2), rs.getInt(3))).as("rows, distinct queries, validated rows")
                        .containsExactly(published, published, published);
            }
        }
    }
}
