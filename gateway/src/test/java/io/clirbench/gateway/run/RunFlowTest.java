package io.clirbench.gateway.run;

import static io.clirbench.gateway.run.TestRuns.awaitState;
import static io.clirbench.gateway.run.TestRuns.results;
import static io.clirbench.gateway.run.TestRuns.runEvents;
import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.clirbench.core.model.Dataset;
import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.gateway.retriever.RetrieverPhase;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RunCompleted;
import io.clirbench.proto.events.v1.RunEvent;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A whole run against real gRPC test peers, a real Kafka broker and a minimal eval endpoint. */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class RunFlowTest {

    private static final int DEPTH = TestRuns.DEPTH;

    /** Embed calls received by the two test embedders (injected by PeersResource). */
    AtomicInteger embedCalls;

    @Inject
    RunSnapshotStore store;

    @Inject
    RunService runs;

    private static String submit(List<String> retrievers) {
        return TestRuns.submit("flow", retrievers);
    }

    @Test
    void runPublishesEveryQueryThenCompletesAndARerunEmbedsNothing() throws Exception {
        // texts of its own: the test peers, their call counter and the gateway's embedding cache are shared with
        // the other test classes of this Quarkus application (DatasetIntegrityTest embeds the plain sample)
        Dataset d = RunQueueTest.marked(TestDatasets.sample(), "flowrun");
        TestRuns.register("flow", d);
        int queries = d.queries().size();
        int callsAtStart = embedCalls.get();
        String id = submit(List.of("bm25", "test-model/exact"));
        JsonPath run = awaitState(id, "COMPLETED");
        assertThat(run.getList("retrievers.queriesPublished", Integer.class)).containsExactly(queries, queries);
        assertThat(run.getList("retrievers.documentsEmbedded", Integer.class))
                .containsExactly(d.corpus().size(), d.corpus().size());
        assertThat(run.getLong("timings.embedMillis")).isNotNull();
        assertThat(run.getLong("timings.totalMillis")).isNotNull();
        assertThat(run.getString("evaluation.state")).isEqualTo("COMPLETED");
        // documents in batches of 32 plus queries in batches of 32 (gateway.embed.batch-texts)
        int expectedCalls = ceil(d.corpus().size(), 32) + ceil(queries, 32);
        assertThat(embedCalls.get() - callsAtStart).isEqualTo(expectedCalls);

        List<RunEvent> events = runEvents(id);
        assertThat(events).hasSize(2);
        assertThat(events.get(0).hasStarted()).isTrue();
        assertThat(events.get(0).getStarted().getExpectedQueries()).isEqualTo(queries);
        assertThat(events.get(0).getStarted().getDatasetLocation()).endsWith("dataset");
        assertThat(events.get(0).getStarted().getRetrieversList()).extracting(r -> r.getKind())
                .containsExactly("bm25", "dense");
        RunCompleted completed = events.get(1).getCompleted();
        assertThat(completed.getOutcome()).isEqualTo(RunCompleted.Outcome.SUCCEEDED);
        assertThat(completed.getPublishedQueriesMap()).isEqualTo(Map.of("bm25", queries, "test-model/exact", queries));
        List<QueryResult> results = results(id);
        assertThat(results).hasSize(2 * queries);
        Map<String, Integer> perRetriever = new HashMap<>();
        for (QueryResult r : results) {
            perRetriever.merge(r.getRetrieverId(), 1, Integer::sum);
            assertThat(r.getHitsCount()).isLessThanOrEqualTo(DEPTH);
        }
        assertThat(perRetriever).isEqualTo(Map.of("bm25", queries, "test-model/exact", queries));
        assertThat(results.stream().filter(r -> r.getRetrieverId().equals("test-model/exact")))
                .allMatch(r -> r.getHitsCount() == Math.min(DEPTH, d.corpus().size()));

        // Same model over another index kind: documents and queries come from the embedding cache.
        int callsBefore = embedCalls.get();
        String again = submit(List.of("test-model/hnsw"));
        awaitState(again, "COMPLETED");
        assertThat(embedCalls.get()).isEqualTo(callsBefore);

        given().when().get("/api/runs/" + id + "/files/report.md").then().statusCode(200)
                .body(equalTo(PeersResource.REPORT_MD + id));
        given().when().get("/runs/" + id).then().statusCode(200).body(containsString("<pre>" + PeersResource.REPORT_MD));
        given().when().get("/api/runs/" + id + "/events").then().statusCode(200)
                .body(containsString("progress")).body(containsString("end"));
        given().when().post("/api/runs/" + id + "/cancel").then().statusCode(409);
    }

    @Test
    void restartInterruptsRunningRunsAndPublishesRunCompletedFailed() {
        String now = Instant.now().toString();
        RunSnapshot stale = new RunSnapshot("stale-run", "flow", "1", RunLifecycle.RUNNING, 10, 42, 0,
                List.of(new RunSnapshot.RetrieverSnapshot("bm25", RetrieverPhase.RUNNING, 3, 9, 0, 9, 0, 0, 0, null)),
                new RunSnapshot.EvalServiceStatus("NOT_STARTED", null), null, now, now,
                new RunSnapshot.Timings(null, null, null, null, null, null));
        store.insert(stale, Map.of("dataset", "flow"));
        runs.recover();
        given().when().get("/api/runs/stale-run").then().statusCode(200).body("state", equalTo("INTERRUPTED"))
                .body("message", equalTo(RunService.RESTARTED));
        List<RunEvent> events = runEvents("stale-run");
        assertThat(events).hasSize(1);
        assertThat(events.get(0).getCompleted().getOutcome()).isEqualTo(RunCompleted.Outcome.FAILED);
        assertThat(events.get(0).getCompleted().getMessage()).isEqualTo(RunService.RESTARTED);
    }

    private static int ceil(int n, int d) {
        return (n + d - 1) / d;
    }
}
