package io.clirbench.eval.messaging;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RunStarted;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.Header;
import io.restassured.path.json.JsonPath;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.Test;

/**
 * The reproduction: RunStarted with bootstrap 2,147,483,647 or 20,000,000 (or a depth of
 * 20 million) killed the eval-service with OutOfMemoryError. Now such a run fails at once with
 * its reason in one line, its results are not scored, and a normal run after it completes; REST
 * errors are problem+json too.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
class OverLimitRunTest {

    private static final Header SERVICE = new Header("Authorization", "Bearer test-service-token");
    private final EvalFixture fixture = EvalFixture.get();

    @Test
    void runsBeyondTheLimitsFailWithTheirReasonAndTheServiceKeepsWorking() {
        String maxInt = send(fixture.started("b-maxint-" + UUID.randomUUID()).toBuilder().setBootstrap(Integer.MAX_VALUE).build());
        String twentyMillion = send(fixture.started("b-20m-" + UUID.randomUUID()).toBuilder().setBootstrap(20_000_000).build());
        String deep = send(fixture.started("depth-20m-" + UUID.randomUUID()).toBuilder().setDepth(20_000_000).build());
        String normal = send(fixture.started("normal-" + UUID.randomUUID()));

        assertFailed(maxInt, "bootstrap B must be in 0..100000, got 2147483647 (the limit of resamples)");
        assertFailed(twentyMillion, "bootstrap B must be in 0..100000, got 20000000");
        assertFailed(deep, "depth must be in 1..10000, got 20000000");
        assertThat(TestKafka.awaitState(normal, "COMPLETED", "FAILED").getString("state")).isEqualTo("COMPLETED");
    }

    @Test
    void restErrorsAreProblemsWithoutTraces() {
        given().header(SERVICE).get("/api/runs/no-such-run").then().statusCode(404)
                .contentType("application/problem+json").body("detail", org.hamcrest.Matchers.containsString("no-such-run"));
        given().header(SERVICE).delete("/api/runs/no-such-run").then().statusCode(405)
                .contentType("application/problem+json").body("status", org.hamcrest.Matchers.equalTo(405));
        given().header(SERVICE).get("/api/no-such-route").then().statusCode(404)
                .contentType("application/problem+json").body("detail", org.hamcrest.Matchers.not(org.hamcrest.Matchers.emptyString()));
    }

    private void assertFailed(String runId, String reason) {
        JsonPath run = TestKafka.awaitState(runId, "FAILED", "COMPLETED");
        assertThat(run.getString("state")).as(run.prettify()).isEqualTo("FAILED");
        assertThat(run.getString("message")).contains(reason).doesNotContain("\n").doesNotContain("\tat ");
        // no result of the refused run is scored: one that came before RunStarted stays raw (unvalidated), later ones are dropped
        String retriever = EvalFixture.RETRIEVERS.get(0);
        for (var list : fixture.lists.get(retriever)) {
            var view = given().header(SERVICE).get("/api/runs/" + runId + "/retrievers/" + retriever + "/queries/" + list.queryId());
            assertThat(view.statusCode()).isIn(200, 404);
            if (view.statusCode() == 200) {
                assertThat(view.jsonPath().getBoolean("validated")).isFalse();
                assertThat(view.jsonPath().getMap("values")).isNullOrEmpty();
            }
        }
    }

    /** RunStarted, every result, RunCompleted. */
    private String send(RunStarted started) {
        String runId = started.getRunId();
        try (KafkaProducer<String, byte[]> producer = TestKafka.producer()) {
            TestKafka.send(producer, "runs.v1", runId, EvalFixture.event(started));
            for (QueryResult result : fixture.results(runId)) {
                TestKafka.send(producer, "query-results.v1", runId, result.toByteArray());
            }
            TestKafka.send(producer, "runs.v1", runId, fixture.completed(runId));
        }
        return runId;
    }
}
