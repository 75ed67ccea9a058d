package io.clirbench.gateway.run;

import static io.clirbench.gateway.TestAuth.given;
import static io.clirbench.gateway.run.TestRuns.await;
import static io.clirbench.gateway.run.TestRuns.awaitState;
import static io.clirbench.gateway.run.TestRuns.results;
import static io.clirbench.gateway.run.TestRuns.runEvents;
import static io.clirbench.gateway.run.TestRuns.submit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;

import io.clirbench.gateway.TestAuth;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.service.rest.ProblemMapper;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.RestAssured;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * {@code POST /api/runs/{id}/reevaluate} ("a failed evaluation loses nothing", issue 40) against the eval-service
 * stand-in of {@link PeersResource}, which answers the endpoint as the eval-service does (a FAILED or COMPLETED run goes
 * to EVALUATING there, another state is its 409) and keeps the run EVALUATING until the test ends the evaluation.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class ReevaluateRunTest {

    /** Per-peer counters and the peers' switches (injected by PeersResource). */
    Map<String, AtomicInteger> peerCounts;

    @Inject
    RunSnapshotStore store;

    private static boolean registered;

    @BeforeEach
    void registerDatasetOnce() throws Exception {
        if (!registered) {
            TestRuns.register("reeval");
            registered = true;
        }
    }

    @AfterEach
    void evalServiceBackToNormal() {
        PeersResource.EVAL_HOLDS.set(false);
        peerCounts.get(PeersResource.EVAL_DOWN).set(0);
    }

    @Test
    void aCompletedRunIsEvaluatedAgainWithoutSearchingAgain() {
        String id = submit("reeval", List.of("bm25"));
        JsonPath before = awaitState(id, "COMPLETED");
        int events = runEvents(id).size();
        int results = results(id).size();
        int asked = reevaluations();

        given().post("/api/runs/" + id + "/reevaluate").then().statusCode(202)
                .header("Location", endsWith("/api/runs/" + id)).body("id", equalTo(id)).body("state", equalTo("EVALUATING"));
        assertThat(reevaluations()).isEqualTo(asked + 1);
        JsonPath evaluating = await(id, "watched", run -> "EVALUATING".equals(run.getString("evaluation.state")));
        assertThat(evaluating.getString("state")).isEqualTo("EVALUATING");
        assertThat(evaluating.getString("evaluation.url")).endsWith("/api/runs/" + id + "/report");
        // stored EVALUATING: a restarted gateway watches it again (RunLifecycleService.recover)
        assertThat(store.find(id).orElseThrow().state()).isEqualTo(RunLifecycle.EVALUATING);
        assertThat(given().get("/runs/" + id).then().statusCode(200).extract().asString()).contains("EVALUATING");

        PeersResource.EVAL_STATES.put(id, "COMPLETED"); // the eval-service stored the new report
        JsonPath done = awaitState(id, "COMPLETED");
        assertThat(done.getString("message")).isEqualTo(before.getString("message")).isNull();
        assertThat(done.getList("retrievers")).isEqualTo(before.getList("retrievers"));
        assertThat(store.find(id).orElseThrow().state()).isEqualTo(RunLifecycle.COMPLETED);
        // nothing was searched or published again
        assertThat(runEvents(id)).hasSize(events);
        assertThat(results(id)).hasSize(results);
    }

    @Test
    void aRunWhoseEvaluationFailedIsEvaluatedAgainToCompleted() {
        PeersResource.EVAL_HOLDS.set(true);
        String id = submit("reeval", List.of("bm25"));
        awaitState(id, "EVALUATING");
        PeersResource.EVAL_MESSAGES.put(id, "evaluation failed: cannot read the dataset at dataset_location '/moved'");
        PeersResource.EVAL_STATES.put(id, "FAILED");
        PeersResource.EVAL_HOLDS.set(false);
        JsonPath failed = awaitState(id, "FAILED");
        assertThat(failed.getString("message")).isEqualTo("eval-service failed the run: evaluation failed: cannot read the dataset"
                + " at dataset_location '/moved'");

        given().post("/api/runs/" + id + "/reevaluate").then().statusCode(202).body("state", equalTo("EVALUATING"))
                .body("message", equalTo(null));
        await(id, "watched", run -> "EVALUATING".equals(run.getString("evaluation.state")));
        PeersResource.EVAL_STATES.put(id, "COMPLETED");
        JsonPath done = awaitState(id, "COMPLETED");
        assertThat(done.getString("message")).isNull();
        assertThat(done.getString("evaluation.state")).isEqualTo("COMPLETED");
        assertThat(store.find(id).orElseThrow().state()).isEqualTo(RunLifecycle.COMPLETED);
    }

    @Test
    void aRunInAnotherStateIsAConflictNamingItAndNothingChanges() {
        int asked = reevaluations();
        // EVALUATING: refused by the gateway, the eval-service not asked
        PeersResource.EVAL_HOLDS.set(true);
        String evaluating = submit("reeval", List.of("bm25"));
        awaitState(evaluating, "EVALUATING");
        given().post("/api/runs/" + evaluating + "/reevaluate").then().statusCode(409)
                .contentType(ProblemMapper.PROBLEM_JSON).body("status", equalTo(409))
                .body("detail", equalTo("run '" + evaluating + "' is EVALUATING; only a COMPLETED or FAILED run can be evaluated again"));
        given().get("/api/runs/" + evaluating).then().body("state", equalTo("EVALUATING"));
        PeersResource.EVAL_HOLDS.set(false);
        awaitState(evaluating, "COMPLETED");

        // FAILED before its evaluation (as a run whose dataset could not be read is stored): no complete results
        RunSnapshot early = RunSnapshot.queued("reeval", "1", 10, 42, 0, List.of())
                .withState(RunLifecycle.FAILED, "read dataset 'reeval' failed: gone", java.time.Instant.now().toString());
        store.insert(early, Map.of("dataset", "reeval"));
        given().post("/api/runs/" + early.id() + "/reevaluate").then().statusCode(409)
                .body("detail", containsString("run '" + early.id() + "' is FAILED before its evaluation"))
                .body("detail", containsString("no RunCompleted SUCCEEDED"));
        given().get("/api/runs/" + early.id()).then().body("state", equalTo("FAILED"))
                .body("message", equalTo("read dataset 'reeval' failed: gone"));
        assertThat(reevaluations()).isEqualTo(asked);

        // the eval-service's own refusal passes on as a 409 with its message, the run unchanged
        String done = submit("reeval", List.of("bm25"));
        awaitState(done, "COMPLETED");
        PeersResource.EVAL_STATES.put(done, "RECEIVING");
        given().post("/api/runs/" + done + "/reevaluate").then().statusCode(409)
                .body("detail", equalTo("the eval-service refuses to evaluate run '" + done + "' again: run '" + done
                        + "' cannot be evaluated again: it is RECEIVING; only a FAILED or COMPLETED run can be"));
        given().get("/api/runs/" + done).then().body("state", equalTo("COMPLETED"));
        assertThat(store.find(done).orElseThrow().state()).isEqualTo(RunLifecycle.COMPLETED);

        // a reader may look, not re-evaluate; an unknown run is a 404
        RestAssured.given().header("Authorization", "Bearer " + TestAuth.READER_TOKEN).contentType("application/json")
                .post("/api/runs/" + done + "/reevaluate").then().statusCode(403);
        given().post("/api/runs/no-such-run/reevaluate").then().statusCode(404).contentType(ProblemMapper.PROBLEM_JSON)
                .body("detail", containsString("no-such-run"));
        given().get("/q/openapi").then().statusCode(200).body(containsString("/api/runs/{id}/reevaluate"));
    }

    @Test
    void anEvalServiceThatCannotBeReachedIs503AndNothingChanges() {
        String id = submit("reeval", List.of("bm25"));
        JsonPath before = awaitState(id, "COMPLETED");
        peerCounts.get(PeersResource.EVAL_DOWN).set(1);
        given().post("/api/runs/" + id + "/reevaluate").then().statusCode(503).contentType(ProblemMapper.PROBLEM_JSON)
                .body("detail", containsString("eval-service at http://localhost:"))
                .body("detail", containsString("cannot be reached"))
                .body("detail", containsString("run '" + id + "' is unchanged (COMPLETED)"));
        JsonPath after = given().get("/api/runs/" + id).then().statusCode(200).extract().jsonPath();
        assertThat(after.getString("state")).isEqualTo("COMPLETED");
        assertThat(after.getString("updatedAt")).isEqualTo(before.getString("updatedAt"));
        assertThat(PeersResource.EVAL_STATES).doesNotContainKey(id);

        // once it answers, the same request goes through (the refused one changed nothing)
        peerCounts.get(PeersResource.EVAL_DOWN).set(0);
        given().post("/api/runs/" + id + "/reevaluate").then().statusCode(202);
        PeersResource.EVAL_STATES.put(id, "COMPLETED");
        awaitState(id, "COMPLETED");
    }

    private int reevaluations() {
        return peerCounts.get(PeersResource.EVAL_REEVALUATIONS).get();
    }
}
