package io.clirbench.gateway.run;

import static io.clirbench.gateway.run.TestRuns.await;
import static io.clirbench.gateway.run.TestRuns.awaitState;
import static io.clirbench.gateway.run.TestRuns.results;
import static io.clirbench.gateway.run.TestRuns.runEvents;
import static io.clirbench.gateway.run.TestRuns.submit;
import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.peers.FakeEmbedder;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.service.rest.ProblemMapper;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RunCompleted;
import io.clirbench.proto.events.v1.RunEvent;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Cancel over REST: a run stuck embedding on {@code slow-model} (each Embed takes 2 s), a finished run, an unknown id. */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class CancelRunTest {

    @Test
    void cancellingARunningRunStopsItAndPublishesRunCompletedCancelled() throws Exception {
        TestRuns.register("cancel");
        int queries = TestDatasets.sample().queries().size();
        String id = submit("cancel", List.of("bm25", "slow-model/exact"));
        // bm25 has published (and the broker confirmed) its results; the dense retriever waits on its slow embedder
        await(id, "embedding with slow-model", run -> "EMBEDDING".equals(run.getString("retrievers[1].state"))
                && run.getInt("retrievers[0].queriesPublished") == queries);

        given().post("/api/runs/" + id + "/cancel").then().statusCode(200).body("id", equalTo(id));
        String message = awaitState(id, "CANCELLED").getString("message");
        assertThat(message).isEqualTo("cancelled by request during retriever 'slow-model/exact'");

        List<RunEvent> events = runEvents(id);
        assertThat(events).hasSize(2);
        assertThat(events.get(1).getCompleted().getOutcome()).isEqualTo(RunCompleted.Outcome.CANCELLED);
        assertThat(events.get(1).getCompleted().getMessage()).isEqualTo(message);
        // the bm25 results only, and no more once cancelled (waiting out one slow Embed call)
        List<QueryResult> atCancel = results(id);
        assertThat(atCancel).hasSize(queries).allMatch(r -> r.getRetrieverId().equals("bm25"));
        TestRuns.sleep(FakeEmbedder.SLOW_MILLIS + 500);
        assertThat(results(id)).hasSize(queries);
        assertThat(runEvents(id)).hasSize(2);
        given().get("/api/runs/" + id).then().body("state", equalTo("CANCELLED"));

        given().post("/api/runs/" + id + "/cancel").then().statusCode(409).contentType(ProblemMapper.PROBLEM_JSON)
                .body("status", equalTo(409)).body("detail", containsString("is CANCELLED"));
    }

    @Test
    void cancellingAnUnknownRunIs404() {
        given().post("/api/runs/no-such-run/cancel").then().statusCode(404).contentType(ProblemMapper.PROBLEM_JSON)
                .body("status", equalTo(404)).body("detail", containsString("no-such-run"));
    }
}
