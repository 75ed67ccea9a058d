package io.clirbench.eval.messaging;

import static io.clirbench.eval.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.clirbench.core.dataset.DatasetHash;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RunCompleted;
import io.clirbench.proto.events.v1.RunEvent;
import io.clirbench.proto.events.v1.RunStarted;
import io.clirbench.service.rest.ProblemMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.UUID;
import java.util.stream.Stream;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /api/runs/{runId}/reevaluate} ("a failed evaluation loses nothing", issue 40): a run is evaluated again
 * from its stored results, with no new QueryResult event. The expected reports are the first evaluation's (itself equal
 * to bench eval's on the same lists, {@link EvalFixture}), which does not go through the re-evaluation path.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
class ReevaluationTest {

    private final EvalFixture fixture = EvalFixture.get();

    @ConfigProperty(name = "eval.dataset-cache-size")
    int datasetCacheSize;

    @Test
    void aCompletedRunEvaluatedAgainHasTheSameReportByteForByte() throws Exception {
        String runId = "reeval-done-" + UUID.randomUUID();
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            TestKafka.send(producer, "runs.v1", runId, EvalFixture.event(fixture.started(runId)));
            for (QueryResult result : fixture.results(runId)) {
                TestKafka.send(producer, "query-results.v1", runId, result.toByteArray());
            }
            TestKafka.send(producer, "runs.v1", runId, fixture.completed(runId));
        }
        JsonPath first = TestKafka.awaitState(runId, "COMPLETED", "FAILED");
        assertThat(first.getString("state")).as(first.prettify()).isEqualTo("COMPLETED");
        String report = given().get("/api/runs/" + runId + "/report").then().statusCode(200).extract().asString();
        assertThat(EvalFixture.withoutFiles(report)).isEqualTo(EvalFixture.withoutFiles(fixture.expectedReportJson));
        String markdown = given().get("/api/runs/" + runId + "/files/report.md").then().statusCode(200).extract().asString();

        reevaluate("/api/runs/" + runId + "/reevaluate").statusCode(202)
                .body("runId", equalTo(runId)).body("state", equalTo("EVALUATING"));
        JsonPath again = TestKafka.awaitState(runId, "COMPLETED", "FAILED");
        assertThat(again.getString("state")).as(again.prettify()).isEqualTo("COMPLETED");
        // evaluated again (a later end), from the same stored results
        assertThat(Instant.parse(again.getString("completedAt"))).isAfter(Instant.parse(first.getString("completedAt")));
        assertThat(again.getList("retrievers.received")).isEqualTo(first.getList("retrievers.received"));
        assertThat(given().get("/api/runs/" + runId + "/report").then().statusCode(200).extract().asString()).isEqualTo(report);
        assertThat(given().get("/api/runs/" + runId + "/files/report.md").then().statusCode(200).extract().asString())
                .isEqualTo(markdown);
    }

    @Test
    void aRunWhoseEvaluationFailedOnItsDatasetIsEvaluatedAgainWithoutNewResults() throws Exception {
        // every result stored while the dataset was there; then the cached dataset evicted (as after a restart or on
        // another replica) and the directory moved away before RunCompleted: the evaluation cannot read it and fails
        Path dir = copy("moved");
        Path away = dir.resolveSibling(dir.getFileName() + "-away");
        String runId = "reeval-failed-" + UUID.randomUUID();
        RunStarted started = fixture.started(runId).toBuilder().setDatasetLocation(dir.toString())
                .setDatasetHash(DatasetHash.of(dir)).build();
        int queries = fixture.dataset.queries().size();
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            TestKafka.send(producer, "runs.v1", runId, EvalFixture.event(started));
            TestKafka.awaitState(runId, "RECEIVING");
            for (QueryResult result : fixture.results(runId)) {
                TestKafka.send(producer, "query-results.v1", runId, result.toByteArray());
            }
            awaitReceived(runId, queries * EvalFixture.RETRIEVERS.size());
            evictCachedDatasets(producer);
            Files.move(dir, away);
            TestKafka.send(producer, "runs.v1", runId, fixture.completed(runId));
        }
        JsonPath failed = TestKafka.awaitState(runId, "COMPLETED", "FAILED");
        assertThat(failed.getString("state")).as(failed.prettify()).isEqualTo("FAILED");
        assertThat(failed.getString("message")).startsWith("evaluation failed: ").contains(dir.toString());
        given().get("/api/runs/" + runId + "/report").then().statusCode(404);

        Files.move(away, dir); // the dataset is back where the run says
        reevaluate("/api/runs/" + runId + "/reevaluate").statusCode(202).body("state", equalTo("EVALUATING"));
        JsonPath done = TestKafka.awaitState(runId, "COMPLETED", "FAILED");
        assertThat(done.getString("state")).as(done.prettify()).isEqualTo("COMPLETED");
        assertThat(done.getString("message")).isNull();
        assertThat(done.getList("retrievers.received", Integer.class)).containsOnly(queries);
        String report = given().get("/api/runs/" + runId + "/report").then().statusCode(200).extract().asString();
        assertThat(EvalFixture.withoutFiles(report)).isEqualTo(EvalFixture.withoutFiles(fixture.expectedReportJson));
    }

    @Test
    void aRunStillReceivingIsRefusedAndStaysAsItWas() {
        String runId = "reeval-receiving-" + UUID.randomUUID();
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            TestKafka.send(producer, "runs.v1", runId, EvalFixture.event(fixture.started(runId)));
        }
        TestKafka.awaitState(runId, "RECEIVING");
        reevaluate("/api/runs/" + runId + "/reevaluate").statusCode(409)
                .contentType(containsString(ProblemMapper.PROBLEM_JSON)).body("status", equalTo(409))
                .body("detail", containsString("run '" + runId + "' cannot be evaluated again: it is RECEIVING"))
                .body("detail", containsString("only a FAILED or COMPLETED run"));
        given().get("/api/runs/" + runId).then().statusCode(200).body("state", equalTo("RECEIVING"));
    }

    @Test
    void aRunThatEndedFailedOrCancelledIsRefusedAndStaysAsItWas() {
        for (RunCompleted.Outcome outcome : new RunCompleted.Outcome[] {RunCompleted.Outcome.FAILED, RunCompleted.Outcome.CANCELLED}) {
            String runId = "reeval-" + outcome + "-" + UUID.randomUUID();
            try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
                TestKafka.send(producer, "runs.v1", runId, EvalFixture.event(fixture.started(runId)));
                for (QueryResult result : fixture.results(runId)) {
                    TestKafka.send(producer, "query-results.v1", runId, result.toByteArray());
                }
                RunCompleted completed = RunCompleted.newBuilder().setRunId(runId).setOutcome(outcome)
                        .setMessage("the gateway said " + outcome).setCompletedAtEpochMs(System.currentTimeMillis()).build();
                TestKafka.send(producer, "runs.v1", runId, RunEvent.newBuilder().setCompleted(completed).build().toByteArray());
            }
            String state = outcome == RunCompleted.Outcome.FAILED ? "FAILED" : "CANCELLED";
            JsonPath before = TestKafka.awaitState(runId, state);
            String detail = reevaluate("/api/runs/" + runId + "/reevaluate").statusCode(409)
                    .contentType(containsString(ProblemMapper.PROBLEM_JSON)).extract().path("detail");
            assertThat(detail).contains("run '" + runId + "' cannot be evaluated again: it is " + state);
            if (outcome == RunCompleted.Outcome.FAILED) {
                assertThat(detail).contains("its RunCompleted says FAILED");
            } else {
                assertThat(detail).contains("only a FAILED or COMPLETED run");
            }
            JsonPath after = given().get("/api/runs/" + runId).then().statusCode(200).extract().jsonPath();
            assertThat(after.getString("state")).isEqualTo(state);
            assertThat(after.getString("message")).isEqualTo(before.getString("message")).isEqualTo("the gateway said " + outcome);
            assertThat(after.getString("completedAt")).isEqualTo(before.getString("completedAt"));
            given().get("/api/runs/" + runId + "/report").then().statusCode(404);
        }
    }

    @Test
    void aRunFailedForMoreResultsThanPublishedIsRefusedNamingTheRetriever() throws Exception {
        String runId = "reeval-counts-" + UUID.randomUUID();
        int queries = fixture.dataset.queries().size();
        String short_ = EvalFixture.RETRIEVERS.get(1);
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            TestKafka.send(producer, "runs.v1", runId, EvalFixture.event(fixture.started(runId)));
            for (QueryResult result : fixture.results(runId)) {
                TestKafka.send(producer, "query-results.v1", runId, result.toByteArray());
            }
            // every result in first: a RunCompleted before the last one would let the run complete with one fewer
            awaitReceived(runId, queries * EvalFixture.RETRIEVERS.size());
            RunCompleted.Builder completed = RunCompleted.newBuilder().setRunId(runId).setOutcome(RunCompleted.Outcome.SUCCEEDED)
                    .setCompletedAtEpochMs(System.currentTimeMillis())
                    .putPublishedQueries(EvalFixture.RETRIEVERS.get(0), queries).putPublishedQueries(short_, queries - 1);
            TestKafka.send(producer, "runs.v1", runId, RunEvent.newBuilder().setCompleted(completed).build().toByteArray());
        }
        JsonPath failed = TestKafka.awaitState(runId, "FAILED", "COMPLETED");
        assertThat(failed.getString("state")).as(failed.prettify()).isEqualTo("FAILED");
        reevaluate("/api/runs/" + runId + "/reevaluate").statusCode(409)
                .body("detail", containsString("retriever '" + short_ + "' has " + queries + " validated query results stored, "
                        + "but RunCompleted says " + (queries - 1) + " were published"));
        given().get("/api/runs/" + runId).then().statusCode(200).body("state", equalTo("FAILED"))
                .body("message", equalTo(failed.getString("message")));
    }

    @Test
    void anUnknownRunIs404AndIsNotCreated() {
        reevaluate("/api/runs/no-such-reeval-run/reevaluate").statusCode(404)
                .contentType(containsString(ProblemMapper.PROBLEM_JSON)).body("detail", containsString("no-such-reeval-run"));
        given().get("/api/runs/no-such-reeval-run").then().statusCode(404);
    }

    /** The POST as the gateway sends it: no body, no form content type (the eval-service refuses those, 415). */
    private static io.restassured.response.ValidatableResponse reevaluate(String path) {
        return given().contentType("application/json").post(path).then();
    }

    private static void awaitReceived(String runId, int total) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (System.nanoTime() < deadline) {
            int received = given().get("/api/runs/" + runId).jsonPath().getList("retrievers.received", Integer.class)
                    .stream().mapToInt(Integer::intValue).sum();
            if (received == total) {
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("run " + runId + " did not receive its " + total + " results");
    }

    /** As StaleDatasetTest: RunStarted of as many runs on other copies as the cache holds, each awaited. */
    private void evictCachedDatasets(KafkaProducer<String, byte[]> producer) throws IOException {
        for (int i = 0; i < datasetCacheSize; i++) {
            Path other = copy("evict" + i);
            String otherId = "reeval-evict-" + UUID.randomUUID();
            TestKafka.send(producer, "runs.v1", otherId, EvalFixture.event(fixture.started(otherId).toBuilder()
                    .setDatasetLocation(other.toString()).setDatasetHash(DatasetHash.of(other)).build()));
            TestKafka.awaitState(otherId, "RECEIVING");
        }
    }

    private Path copy(String name) throws IOException {
        Path target = fixture.datasetDir.resolveSibling(name + "-" + UUID.randomUUID());
        Files.createDirectories(target);
        try (Stream<Path> files = Files.list(fixture.datasetDir)) {
            for (Path f : files.toList()) {
                Files.copy(f, target.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return target;
    }
}
