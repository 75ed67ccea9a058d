package io.clirbench.eval.messaging;

import static io.clirbench.eval.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.QueryResult;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.Test;

/** At-least-once delivery and unordered topics: duplicates change nothing, early events wait. */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
class RedeliveryAndOrderTest {

    private final EvalFixture fixture = EvalFixture.get();

    @Test
    void everyEventTwiceGivesTheSameReportAndCounts() throws Exception {
        String runId = "twice-" + UUID.randomUUID();
        byte[] started = EvalFixture.event(fixture.started(runId));
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            TestKafka.send(producer, "runs.v1", runId, started);
            TestKafka.send(producer, "runs.v1", runId, started);
            for (QueryResult result : fixture.results(runId)) {
                TestKafka.send(producer, "query-results.v1", runId, result.toByteArray());
                TestKafka.send(producer, "query-results.v1", runId, result.toByteArray());
            }
            byte[] completed = fixture.completed(runId);
            TestKafka.send(producer, "runs.v1", runId, completed);
            TestKafka.send(producer, "runs.v1", runId, completed);
        }
        assertCompletedWithTheExpectedReport(runId);
        // a redelivery after completion is still a no-op: the run stays COMPLETED, counts unchanged
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            TestKafka.send(producer, "query-results.v1", runId, fixture.results(runId).get(0).toByteArray());
        }
        Thread.sleep(1000);
        assertCompletedWithTheExpectedReport(runId);
    }

    @Test
    void resultsBeforeRunStartedAndRunCompletedBeforeTheLastResults() throws Exception {
        String runId = "order-" + UUID.randomUUID();
        List<QueryResult> results = fixture.results(runId);
        int early = results.size() / 3;
        int late = 5;
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            for (QueryResult result : results.subList(0, early)) {
                TestKafka.send(producer, "query-results.v1", runId, result.toByteArray());
            }
            awaitReceived(runId, early);
            assertThat(given().get("/api/runs/" + runId).jsonPath().getString("state")).isEqualTo("PENDING");

            TestKafka.send(producer, "runs.v1", runId, EvalFixture.event(fixture.started(runId)));
            for (QueryResult result : results.subList(early, results.size() - late)) {
                TestKafka.send(producer, "query-results.v1", runId, result.toByteArray());
            }
            TestKafka.send(producer, "runs.v1", runId, fixture.completed(runId));
            awaitReceived(runId, results.size() - late);
            assertThat(given().get("/api/runs/" + runId).jsonPath().getString("state")).isEqualTo("RECEIVING");

            for (QueryResult result : results.subList(results.size() - late, results.size())) {
                TestKafka.send(producer, "query-results.v1", runId, result.toByteArray());
            }
        }
        assertCompletedWithTheExpectedReport(runId);
    }

    private void assertCompletedWithTheExpectedReport(String runId) throws Exception {
        JsonPath run = TestKafka.awaitState(runId, "COMPLETED", "FAILED");
        assertThat(run.getString("state")).as(run.prettify()).isEqualTo("COMPLETED");
        int queries = fixture.dataset.queries().size();
        assertThat(run.getList("retrievers.received", Integer.class)).containsExactly(queries, queries);
        String report = given().get("/api/runs/" + runId + "/report").then().statusCode(200).extract().asString();
        assertThat(EvalFixture.withoutFiles(report)).isEqualTo(EvalFixture.withoutFiles(fixture.expectedReportJson));
    }

    /** Waits until the run has stored {@code count} results over all retrievers. */
    private static void awaitReceived(String runId, int count) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        int received = -1;
        while (System.nanoTime() < deadline) {
            var response = given().get("/api/runs/" + runId);
            if (response.statusCode() == 200) {
                received = response.jsonPath().getList("retrievers.received", Integer.class).stream().mapToInt(i -> i).sum();
                if (received == count) {
                    return;
                }
            }
            Thread.sleep(200);
        }
        throw new AssertionError("run " + runId + ": " + received + " results stored, expected " + count);
    }
}
