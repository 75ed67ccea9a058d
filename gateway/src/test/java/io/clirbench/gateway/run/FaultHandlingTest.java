package io.clirbench.gateway.run;

import static io.clirbench.gateway.TestAuth.given;
import static io.clirbench.gateway.run.TestRuns.await;
import static io.clirbench.gateway.run.TestRuns.awaitState;
import static io.clirbench.gateway.run.TestRuns.results;
import static io.clirbench.gateway.run.TestRuns.runEvents;
import static io.clirbench.gateway.run.TestRuns.submit;
import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.model.Dataset;
import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.peers.FakeEmbedder;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.gateway.peers.SecuredPeers;
import io.clirbench.gateway.qa.TestQaDatasets;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RunCompleted;
import io.grpc.Server;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The gateway's side of the faults (README "Faults") against the test peers of {@link PeersResource}, without a
 * stack: a model with no answering replica makes the run wait (bounded by {@code gateway.embed.wait-for-replica},
 * 6 s in the test profile) saying "waiting for an encoder", and go on when a replica appears; a retriever that
 * finally fails leaves a COMPLETED run of the others, named in RunCompleted.failed_retrievers; an eval-service that
 * does not answer shows "evaluation unavailable" in the run and in the readiness data.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class FaultHandlingTest {

    /** Per-peer counters and the peers' switches (injected by PeersResource). */
    Map<String, AtomicInteger> peerCounts;

    private static final Dataset DATASET = TestDatasets.sample(4);
    private static boolean registered;

    @BeforeEach
    void registerDatasetOnce() throws Exception {
        if (!registered) {
            TestRuns.register("faults", DATASET);
            registered = true;
        }
    }

    /**
     * Issue 45: the index-service killed and restarted. A run submitted while it is down (its collection still to be
     * created and filled, then searched) waits for it and completes with the lists of a run that never saw it down;
     * the run submitted right after it is back completes too (the channel was told to reconnect, not left broken).
     */
    @Test
    void aRunSurvivesTheIndexServiceGoingAwayAndTheNextRunFindsItBack() throws Exception {
        TestRuns.register("faults-index", DATASET);
        AtomicInteger outage = peerCounts.get(PeersResource.INDEX_OUTAGE_MILLIS);
        String reference = submit("faults", List.of("bm25"));
        awaitState(reference, "COMPLETED");

        outage.set(3_000);
        while (outage.get() != PeersResource.INDEX_DOWN) {
            Thread.sleep(10);
        }
        String during = submit("faults-index", List.of("bm25"));
        awaitState(during, "COMPLETED");
        assertThat(outage.get()).isEqualTo(-1);       // the peer did go away and come back
        String after = submit("faults-index", List.of("bm25"));
        awaitState(after, "COMPLETED");

        Map<String, List<String>> expected = lists(results(reference));
        assertThat(expected).hasSize(DATASET.queries().size());
        assertThat(lists(results(during))).isEqualTo(expected);
        assertThat(lists(results(after))).isEqualTo(expected);
    }

    /** Each query's ranked doc ids with their scores. */
    private static Map<String, List<String>> lists(List<QueryResult> results) {
        Map<String, List<String>> out = new java.util.TreeMap<>();
        for (QueryResult r : results) {
            out.put(r.getQueryId(), r.getHitsList().stream().map(h -> h.getDocId() + "=" + h.getScore()).toList());
        }
        return out;
    }

    @Test
    void aModelWithoutReplicaWaitsSayingSoAndGoesOnWhenOneAnswers() throws Exception {
        int port = peerCounts.get(PeersResource.LATE_PORT).get();
        String id = submit("faults", List.of("late-model/exact"));
        JsonPath waiting = await(id, "waiting for an encoder",
                run -> run.getString("message") != null && run.getString("message").startsWith("waiting for an encoder"));
        assertThat(waiting.getString("state")).isEqualTo("RUNNING");
        assertThat(waiting.getString("message")).contains("model 'late-model'", "localhost:" + port);
        // the run page says it too
        assertThat(given().get("/runs/" + id).then().statusCode(200).extract().asString()).contains("waiting for an encoder");

        AtomicInteger calls = new AtomicInteger();
        Server late = SecuredPeers.onPort(port).addService(FakeEmbedder.serving("late-model", calls)).build().start();
        try {
            JsonPath done = awaitState(id, "COMPLETED");
            assertThat(done.getString("message")).isNull();
            assertThat(calls.get()).isPositive();
            assertThat(results(id)).hasSize(DATASET.queries().size());
        } finally {
            late.shutdownNow();
        }
    }

    @Test
    void aQaRunOnAModelWithoutReplicaSaysItWaitsForAnEncoder() throws Exception {
        given().contentType(ContentType.JSON).body(Map.of("path", TestQaDatasets.write("faults-qa", TestQaDatasets.sample(1))
                .toString())).post("/api/qa-datasets").then().statusCode(201);
        String id = given().contentType(ContentType.JSON)
                .body(Map.of("dataset", "faults-qa", "systems", List.of("select:down-model"), "bootstrap", 0))
                .post("/api/qa-runs").then().statusCode(202).extract().path("id");
        JsonPath waiting = await("/api/qa-runs/", id, "waiting for an encoder",
                run -> run.getString("message") != null && run.getString("message").startsWith("waiting for an encoder"));
        assertThat(waiting.getString("state")).isEqualTo("RUNNING");
        assertThat(waiting.getString("message")).contains("model 'down-model'");
        assertThat(given().get("/qa-runs/" + id).then().statusCode(200).extract().asString()).contains("waiting for an encoder");
        // bounded: after gateway.embed.wait-for-replica the run fails naming the model
        JsonPath end = await("/api/qa-runs/", id, "FAILED", run -> "FAILED".equals(run.getString("state")));
        assertThat(end.getString("message")).contains("select:down-model", "down-model", "UNAVAILABLE");
    }

    @Test
    void aRetrieverThatFinallyFailsLeavesACompletedRunOfTheOthers() {
        long t0 = System.nanoTime();
        String id = submit("faults", List.of("bm25", "down-model/exact", "down-model/hnsw"));
        JsonPath done = awaitState(id, "COMPLETED");
        double seconds = (System.nanoTime() - t0) / 1e9;
        // bounded: attempts, then 12 s of waiting for a replica (application.properties, test profile: room for the
        // first test to start its late replica on a loaded machine), once: the second retriever on the model only tries
        assertThat(seconds).isGreaterThan(12).isLessThan(75);
        assertThat(done.getString("message")).startsWith("partial: retriever 'down-model/exact' failed: ")
                .contains("model 'down-model'", "UNAVAILABLE", "12 s of waiting for a replica");
        assertThat(done.getString("retrievers[0].state")).isEqualTo("PUBLISHED");
        assertThat(done.getString("retrievers[1].state")).isEqualTo("FAILED");
        assertThat(done.getString("retrievers[2].state")).isEqualTo("FAILED");

        RunCompleted completed = runEvents(id).stream().filter(e -> e.hasCompleted()).findFirst().orElseThrow().getCompleted();
        assertThat(completed.getOutcome()).isEqualTo(RunCompleted.Outcome.SUCCEEDED);
        assertThat(completed.getFailedRetrieversMap()).containsOnlyKeys("down-model/exact", "down-model/hnsw");
        assertThat(completed.getFailedRetrieversMap().get("down-model/exact")).contains("UNAVAILABLE", "12 s of waiting");
        assertThat(completed.getFailedRetrieversMap().get("down-model/hnsw")).contains("UNAVAILABLE")
                .contains("not waited for again: the run already waited 12 s for this model");
        assertThat(completed.getPublishedQueriesMap()).containsEntry("bm25", DATASET.queries().size())
                .containsEntry("down-model/exact", 0).containsEntry("down-model/hnsw", 0);
        List<QueryResult> results = results(id);
        assertThat(results).hasSize(DATASET.queries().size()).allMatch(r -> r.getRetrieverId().equals("bm25"));
    }

    @Test
    void anEvalServiceThatDoesNotAnswerShowsEvaluationUnavailableUntilItDoes() {
        AtomicInteger down = peerCounts.get(PeersResource.EVAL_DOWN);
        down.set(1);
        try {
            String id = submit("faults", List.of("bm25"));
            JsonPath unavailable = await(id, "evaluation unavailable",
                    run -> run.getString("message") != null && run.getString("message").startsWith("evaluation unavailable"));
            assertThat(unavailable.getString("state")).isEqualTo("EVALUATING");
            assertThat(unavailable.getString("message")).matches(
                    "evaluation unavailable: eval-service at http://localhost:\\d+ not answering since \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ");
            assertThat(given().get("/runs/" + id).then().statusCode(200).extract().asString()).contains("evaluation unavailable");
            // readiness: UP (pages and API still work) with the eval-service check saying it does not answer;
            // its own health group is DOWN
            JsonPath ready = given().get("/q/health/ready").then().statusCode(200).extract().jsonPath();
            assertThat(ready.getString("status")).isEqualTo("UP");
            assertThat(ready.getBoolean("checks.find { it.name == 'eval-service' }.data.answering")).isFalse();
            assertThat(ready.getString("checks.find { it.name == 'eval-service' }.data.notAnsweringSince")).isNotBlank();
            given().get("/q/health/group/eval-service").then().statusCode(503);

            down.set(0);
            JsonPath done = awaitState(id, "COMPLETED");
            assertThat(done.getString("message")).isNull();
            assertThat(given().get("/q/health/ready").then().statusCode(200).extract().jsonPath()
                    .getBoolean("checks.find { it.name == 'eval-service' }.data.answering")).isTrue();
            given().get("/q/health/group/eval-service").then().statusCode(200);
        } finally {
            down.set(0);
        }
    }
}
