package io.clirbench.eval.store;

import io.clirbench.eval.retrieval.EvaluationStore;
import io.clirbench.eval.retrieval.ResultRow;
import io.clirbench.eval.retrieval.ResultStore;
import io.clirbench.eval.retrieval.RunRow;
import static io.clirbench.eval.pipeline.EvaluationKind.RETRIEVAL;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.eval.pipeline.EvaluationQueueStore;
import io.clirbench.eval.pipeline.EvaluationState;
import io.clirbench.eval.pipeline.QueuedEvaluation;
import io.clirbench.eval.pipeline.ReportFileStore;
import io.clirbench.service.testing.FreshPostgresSchema;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The migrations on the real PostgreSQL of the %prod and %kubernetes profiles (127.0.0.1:5432,
 * database test, user postgres), in a fresh schema that is dropped afterwards. Skipped, saying
 * so, only when the server cannot be reached.
 */
class FlywayPostgresTest {

    private static final String URL = System.getProperty("eval.it.pg-url", "jdbc:postgresql://127.0.0.1:5432/test");
    private static final String USER = System.getProperty("eval.it.pg-user", "postgres");

    private FreshPostgresSchema pg;

    @BeforeEach
    void createSchema() throws SQLException {
        pg = FreshPostgresSchema.open(URL, USER, "eval_it").create();
    }

    @AfterEach
    void dropSchema() throws SQLException {
        if (pg != null) {
            pg.close();
        }
    }

    @Test
    void migrationsCreateTheTablesAndTheStoreWorksOnThem() throws SQLException {
        var result = pg.migrate();
        assertThat(result.success).isTrue();
        assertThat(result.migrationsExecuted).isGreaterThanOrEqualTo(1);

        try (Connection c = pg.connect()) {
            c.setAutoCommit(false);
            EvaluationStore runs = new EvaluationStore();
            ResultStore results = new ResultStore();
            ReportFileStore reports = new ReportFileStore();
            runs.insert(c, "r1", EvaluationState.PENDING, 1000);
            runs.setStarted(c, "r1", new byte[] {1, 2, 3}, EvaluationState.RECEIVING);
            results.insertValid(c, new ResultRow("r1", "a/exact", "q1", false, null, new byte[] {9, 0, 9}, 77L, "{\"R@1\":1.0}", 1,
                    null), 2000);
            runs.setCorpusHash(c, "r1", "sha256:abc");
            results.insertRaw(c, "r1", "bm25", "q2", new byte[] {4}, 2000);
            reports.save(c, RETRIEVAL, "r1", java.util.Map.of("report.json", "{}"));
            assertThat(runs.finish(c, "r1", EvaluationState.RECEIVING, EvaluationState.COMPLETED, null, 3000, 42L)).isTrue();
            c.commit();

            RunRow run = runs.find(c, "r1").orElseThrow();
            assertThat(run.state()).isEqualTo(EvaluationState.COMPLETED);
            assertThat(run.started()).containsExactly(1, 2, 3);
            assertThat(run.evaluationMillis()).isEqualTo(42L);
            ResultRow stored = results.find(c, "r1", "a/exact", "q1").orElseThrow();
            assertThat(stored.hits()).containsExactly(9, 0, 9);
            assertThat(stored.result()).isNull();
            assertThat(stored.latencyMicros()).isEqualTo(77L);
            assertThat(runs.corpusHash(c, "r1")).contains("sha256:abc");
            List<String> streamed = new ArrayList<>();
            results.forEachValid(c, "r1", "a/exact", 1, row -> streamed.add(row.queryId()));
            assertThat(streamed).containsExactly("q1");
            assertThat(stored.firstSame()).isEqualTo(1);
            assertThat(stored.firstCross()).isNull();
            assertThat(results.counts(c, "r1", true)).containsExactly(java.util.Map.entry("a/exact", 1));
            assertThat(results.listRaw(c, "r1")).extracting(ResultRow::queryId).containsExactly("q2");
            assertThat(reports.find(c, RETRIEVAL, "r1", "report.json")).contains("{}");
        }
        try (PreparedStatement s = pg.admin().prepareStatement(
                "SELECT count(*) FROM information_schema.tables WHERE table_schema = ? AND table_name LIKE 'eval_%'")) {
            s.setString(1, pg.schema());
            try (ResultSet rs = s.executeQuery()) {
                rs.next();
                assertThat(rs.getInt(1)).as("eval_run, eval_result, eval_report_file, eval_evaluation").isEqualTo(4);
            }
        }
    }

    /**
     * What two replicas do on one PostgreSQL: the second replica's event of a run waits for the first one's
     * transaction (the run row lock); of two claims of one evaluation one wins; a lease that ended is taken over,
     * and the old owner then no longer holds the run.
     */
    @Test
    void theRunLockAndTheEvaluationLeaseHoldAcrossConnections() throws Exception {
        pg.migrate();
        EvaluationStore runs = new EvaluationStore();
        EvaluationQueueStore queue = new EvaluationQueueStore();
        try (Connection a = pg.connect();
             Connection b = pg.connect()) {
            a.setAutoCommit(false);
            b.setAutoCommit(false);
            assertThat(runs.lock(a, "r1", 1000).state()).isEqualTo(EvaluationState.PENDING); // created by the lock
            var second = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
                try {
                    long t0 = System.nanoTime();
                    runs.lock(b, "r1", 2000); // the same run's first event on the other replica: waits, then no conflict
                    return (System.nanoTime() - t0) / 1_000_000;
                } catch (SQLException e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(500);
            assertThat(second).as("blocked by the first transaction's row lock").isNotDone();
            runs.setState(a, "r1", EvaluationState.EVALUATING);
            queue.enqueue(a, RETRIEVAL, "r1", 42, 1000);
            a.commit();
            assertThat(second.get(10, java.util.concurrent.TimeUnit.SECONDS)).isGreaterThanOrEqualTo(400L);
            assertThat(runs.find(b, "r1").orElseThrow().state()).isEqualTo(EvaluationState.EVALUATING);
            assertThat(runs.find(b, "r1").orElseThrow().createdAt()).as("one row, the first insert's").isEqualTo(1000);
            b.commit();

            assertThat(queue.claim(a, RETRIEVAL, "r1", "replica-a", 5000, 20_000)).isTrue();
            a.commit();
            assertThat(queue.claim(b, RETRIEVAL, "r1", "replica-b", 6000, 21_000)).as("lease of replica-a still running").isFalse();
            b.commit();
            assertThat(queue.renew(a, "replica-a", 30_000)).isEqualTo(1);
            a.commit();
            assertThat(queue.claim(b, RETRIEVAL, "r1", "replica-b", 29_000, 44_000)).isFalse();
            assertThat(queue.claim(b, RETRIEVAL, "r1", "replica-b", 31_000, 46_000)).as("replica-a stopped renewing: taken over").isTrue();
            b.commit();
            assertThat(queue.holds(a, RETRIEVAL, "r1", "replica-a")).isFalse();
            assertThat(queue.holds(a, RETRIEVAL, "r1", "replica-b")).isTrue();
            assertThat(queue.find(a, RETRIEVAL, "r1").orElseThrow().claims()).isEqualTo(2);
            assertThat(queue.list(a)).extracting(QueuedEvaluation::runId).containsExactly("r1");
        }
    }
}
