package io.clirbench.eval.store;

import static io.clirbench.eval.pipeline.EvaluationKind.QA;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.eval.agent.AgentEvalStore;
import io.clirbench.eval.pipeline.EvaluationState;
import io.clirbench.eval.pipeline.ReportFileStore;
import io.clirbench.eval.qa.QaStore;
import io.clirbench.service.testing.FreshPostgresSchema;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The QA and agent stores and the report files (Jdbi on the caller's connection, {@code pipeline.CallerHandle}) on the
 * real PostgreSQL of the %prod and %kubernetes profiles, in a fresh schema migrated by the module's scripts: what is
 * written is read back (nulls, bytes, order), the conditional writes answer whether they changed a row, a failing
 * statement surfaces as the driver's SQLException, and nothing is committed behind the caller's back.
 */
class PillarStoresPostgresTest {

    private static final String URL = System.getProperty("eval.it.pg-url", "jdbc:postgresql://127.0.0.1:5432/test");
    private static final String USER = System.getProperty("eval.it.pg-user", "postgres");

    private FreshPostgresSchema pg;

    @BeforeEach
    void createSchema() throws SQLException {
        pg = FreshPostgresSchema.open(URL, USER, "eval_stores").create();
        pg.migrate();
    }

    @AfterEach
    void dropSchema() throws SQLException {
        if (pg != null) {
            pg.close();
        }
    }

    @Test
    void qaRunsAndPredictionsAreStoredAndReadBack() throws SQLException {
        QaStore qa = new QaStore();
        try (Connection c = pg.connect()) {
            c.setAutoCommit(false);
            qa.insertIfAbsent(c, "q1", new byte[] {1});
            qa.insertIfAbsent(c, "q1", new byte[] {2}); // a second replica's first event: the row stays the first one's
            QaStore.Run run = qa.lock(c, "q1").orElseThrow();
            assertThat(run.runId()).isEqualTo("q1");
            assertThat(run.state()).isEqualTo(EvaluationState.RECEIVING);
            assertThat(run.started()).containsExactly(1);
            assertThat(run.completed()).isNull();
            assertThat(run.message()).isNull();
            assertThat(run.evaluationMillis()).isNull();
            assertThat(qa.find(c, "nope")).isEmpty();

            qa.insertPrediction(c, "q1", "select:oracle", "i2", new byte[] {22});
            qa.insertPrediction(c, "q1", "select:oracle", "i1", new byte[] {11});
            qa.insertPrediction(c, "q1", "answers.jsonl", "i1", new byte[] {33});
            assertThat(qa.prediction(c, "q1", "select:oracle", "i1")).hasValueSatisfying(b -> assertThat(b).containsExactly(11));
            assertThat(qa.prediction(c, "q1", "select:oracle", "i9")).isEmpty();
            assertThat(qa.predictions(c, "q1", "select:oracle")).containsExactly(new byte[] {11}, new byte[] {22});
            Map<String, Integer> counts = new LinkedHashMap<>();
            counts.put("answers.jsonl", 1); // system order: 'a' < 's'
            counts.put("select:oracle", 2);
            assertThat(qa.counts(c, "q1")).containsExactlyEntriesOf(counts);

            assertThat(qa.setState(c, "q1", EvaluationState.EVALUATING, EvaluationState.COMPLETED, null, 5L))
                    .as("not in EVALUATING").isFalse();
            assertThat(qa.setState(c, "q1", EvaluationState.RECEIVING, EvaluationState.FAILED, "bad", null)).isTrue();
            qa.setCompleted(c, "q1", new byte[] {7, 8});
            c.commit();
            QaStore.Run failed = qa.find(c, "q1").orElseThrow();
            assertThat(failed.state()).isEqualTo(EvaluationState.FAILED);
            assertThat(failed.message()).isEqualTo("bad");
            assertThat(failed.completed()).containsExactly(7, 8);
            assertThat(qa.setState(c, "q1", EvaluationState.FAILED, EvaluationState.COMPLETED, null, 42L)).isTrue();
            assertThat(qa.find(c, "q1").orElseThrow().evaluationMillis()).isEqualTo(42L);
            assertThat(qa.inState(c, EvaluationState.COMPLETED)).containsExactly("q1");
            c.commit();
        }
    }

    @Test
    void agentRunsCallsAndAnswersAreStoredOnceAndReadBackInOrder() throws Exception {
        AgentEvalStore agent = new AgentEvalStore();
        try (Connection c = pg.connect()) {
            c.setAutoCommit(false);
            AgentEvalStore.RunRow created = agent.lockOrCreate(c, "a1");
            assertThat(created).isEqualTo(new AgentEvalStore.RunRow("a1", EvaluationState.RECEIVING, null, null, null));
            agent.setOpened(c, "a1", new byte[] {1});
            agent.setOpened(c, "a1", new byte[] {2}); // only the first one is kept
            assertThat(agent.insertCall(c, "a1", "q2", 0, new byte[] {20})).isTrue();
            assertThat(agent.insertCall(c, "a1", "q1", 1, new byte[] {11})).isTrue();
            assertThat(agent.insertCall(c, "a1", "q1", 0, new byte[] {10})).isTrue();
            assertThat(agent.insertCall(c, "a1", "q1", 0, new byte[] {99})).as("redelivered").isFalse();
            assertThat(agent.insertAnswer(c, "a1", "q1", new byte[] {5})).isTrue();
            assertThat(agent.insertAnswer(c, "a1", "q1", new byte[] {6})).isFalse();
            c.commit();

            assertThat(agent.run(c, "a1").orElseThrow().opened()).containsExactly(1);
            assertThat(agent.run(c, "nope")).isEmpty();
            assertThat(agent.calls(c, "a1")).containsExactly(new byte[] {10}, new byte[] {11}, new byte[] {20});
            assertThat(agent.answers(c, "a1")).containsExactly(new byte[] {5});
            assertThat(agent.count(c, "calls", "a1")).isEqualTo(3);
            assertThat(agent.count(c, "answers", "a1")).isEqualTo(1);
            assertThat(agent.setState(c, "a1", EvaluationState.RECEIVING, EvaluationState.EVALUATING, null)).isTrue();
            assertThat(agent.setState(c, "a1", EvaluationState.RECEIVING, EvaluationState.EVALUATING, null)).isFalse();
            assertThat(agent.inState(c, EvaluationState.EVALUATING)).containsExactly("a1");
            c.commit();

            Thread.sleep(5); // created_at is in milliseconds: the second run is the newer one
            agent.lockOrCreate(c, "a2");
            c.commit();
            Map<String, String> states = new LinkedHashMap<>();
            states.put("a2", "RECEIVING");
            states.put("a1", "EVALUATING");
            assertThat(agent.states(c)).containsExactlyEntriesOf(states);
        }
    }

    @Test
    void reportFilesAreReplacedAsAWholeAndListedByName() throws SQLException {
        ReportFileStore files = new ReportFileStore();
        try (Connection c = pg.connect()) {
            c.setAutoCommit(false);
            Map<String, String> first = new LinkedHashMap<>();
            first.put("report.md", "# md");
            first.put("report.json", "{}");
            first.put("qa_report.csv", "a,b");
            files.save(c, QA, "q1", first);
            assertThat(files.names(c, QA, "q1")).containsExactly("qa_report.csv", "report.json", "report.md");
            files.save(c, QA, "q1", Map.of("report.json", "{\"again\":1}"));
            files.save(c, QA, "q2", Map.of()); // nothing to write
            c.commit();
            assertThat(files.names(c, QA, "q1")).containsExactly("report.json");
            assertThat(files.find(c, QA, "q1", "report.json")).contains("{\"again\":1}");
            assertThat(files.find(c, QA, "q1", "report.md")).isEmpty();
            assertThat(files.names(c, QA, "q2")).isEmpty();
        }
    }

    @Test
    void aFailingStatementIsTheDriversSqlExceptionAndTheCallerKeepsItsTransaction() throws SQLException {
        QaStore qa = new QaStore();
        try (Connection c = pg.connect()) {
            c.setAutoCommit(false);
            qa.insertIfAbsent(c, "q1", new byte[] {1});
            // the same (run, system, instance) twice: the primary key refuses it
            qa.insertPrediction(c, "q1", "s", "i1", new byte[] {1});
            assertThatThrownBy(() -> qa.insertPrediction(c, "q1", "s", "i1", new byte[] {2}))
                    .isInstanceOf(SQLException.class).hasMessageContaining("qa_eval_prediction");
            c.rollback();
            assertThat(c.isClosed()).as("the caller's connection stays open").isFalse();
            assertThat(qa.find(c, "q1")).as("rolled back by the caller, not committed by the store").isEmpty();
        }
    }
}
