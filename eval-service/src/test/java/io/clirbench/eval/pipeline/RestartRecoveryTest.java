package io.clirbench.eval.pipeline;

import io.clirbench.eval.retrieval.ResultRowMapper;
import io.clirbench.core.eval.JudgedDataset;
import static io.clirbench.eval.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.eval.retrieval.DatasetCache;
import io.clirbench.eval.messaging.EvalFixture;
import io.clirbench.service.store.Database;
import io.clirbench.eval.retrieval.ResultStore;
import io.clirbench.eval.retrieval.EvaluationStore;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RunStarted;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A run left in EVALUATING (the process stopped mid-evaluation) is evaluated again by the startup path. */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
class RestartRecoveryTest {

    @Inject
    Database db;
    @Inject
    EvaluationStore runs;
    @Inject
    ResultStore results;
    @Inject
    DatasetCache datasets;
    @Inject
    ResultRowMapper scorer;
    @Inject
    EvaluationRunner runner;

    @Test
    void runLeftInEvaluatingIsEvaluatedAtStartup() throws Exception {
        EvalFixture fixture = EvalFixture.get();
        String runId = "restart-" + UUID.randomUUID();
        RunStarted started = fixture.started(runId);
        JudgedDataset dataset = datasets.load(started);
        // the state a crash leaves behind: every result stored, the run marked EVALUATING, no report
        db.inTransaction(c -> {
            runs.insert(c, runId, EvaluationState.RECEIVING, System.currentTimeMillis());
            runs.setStarted(c, runId, started.toByteArray(), EvaluationState.EVALUATING);
            for (QueryResult result : fixture.results(runId)) {
                results.insertValid(c, scorer.score(dataset, started.getDepth(), result), 0);
            }
            return null;
        });
        given().get("/api/runs/" + runId + "/report").then().statusCode(404);

        runner.resumeEvaluations();

        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!"COMPLETED".equals(given().get("/api/runs/" + runId).jsonPath().getString("state"))
                && System.nanoTime() < deadline) {
            Thread.sleep(200);
        }
        String report = given().get("/api/runs/" + runId + "/report").then().statusCode(200).extract().asString();
        assertThat(EvalFixture.withoutFiles(report)).isEqualTo(EvalFixture.withoutFiles(fixture.expectedReportJson));
    }
}
