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
        assertCosts(completed, d);
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

    /**
     * What the gateway measured of each retriever (README "Efficiency"), in RunCompleted for the eval-service's report.
     * Both collections are new (the dataset is marked), so both were built; FakeIndex reports 100 bytes a text and 1,000
     * a vector on disk. bm25 searches in batches of 64 and embeds nothing; the dense retriever embeds every document and
     * query once (a cache hit counts too) and searches in batches of gateway.search.batch-queries.
     */
    private static void assertCosts(RunCompleted completed, Dataset d) {
        int docs = d.corpus().size();
        int queries = d.queries().size();
        var bm25 = completed.getCostsOrThrow("bm25");
        assertThat(bm25.hasIndexBuildMicros()).isTrue();
        assertThat(bm25.getIndexBuildMicros()).isPositive();
        assertThat(bm25.getIndexDiskBytes()).isEqualTo(100L * docs);
        assertThat(bm25.getIndexMemoryBytes()).isEqualTo(100L * docs);
        assertThat(bm25.hasTextsEmbedded()).as("bm25 embeds nothing").isFalse();
        assertThat(bm25.getQueriesSearched()).isEqualTo(queries);
        assertThat(bm25.getSearchMicros()).isPositive();
        assertThat(bm25.getQueriesPerCall()).isEqualTo(Math.min(64, queries));
        var dense = completed.getCostsOrThrow("test-model/exact");
        assertThat(dense.getIndexBuildMicros()).isPositive();
        assertThat(dense.getIndexDiskBytes()).isEqualTo(1000L * docs);
        assertThat(dense.getTextsEmbedded()).isEqualTo(docs + queries);
        assertThat(dense.getEmbedMicros()).isPositive();
        assertThat(dense.getQueriesSearched()).isEqualTo(queries);
        assertThat(dense.getQueriesPerCall()).isBetween(1, queries);
    }

    @Inject
    RunJournal journal;

    @Inject
    io.clirbench.service.store.Database db;

    /**
     * A run another gateway process left RUNNING (its lease lapsed), with the results of 2 queries confirmed and its
     * RunStarted stamped: recover() resumes it; only the other queries' results are sent, RunStarted goes out again with
     * the stored stamp, RunCompleted counts every query once, and the run says when it was resumed.
     */
    @Test
    void restartResumesARunningRunSendingOnlyUnconfirmedResults() throws Exception {
        Dataset d = RunQueueTest.marked(TestDatasets.sample(), "resumed");
        TestRuns.register("resume", d);
        int queries = d.queries().size();
        String now = Instant.now().toString();
        String id = java.util.UUID.randomUUID().toString();
        RunSnapshot stale = new RunSnapshot(id, "resume", "1", RunLifecycle.RUNNING, DEPTH, 42, 0,
                List.of(new RunSnapshot.RetrieverSnapshot("bm25", RetrieverPhase.SEARCHING, 0, d.corpus().size(), 0, queries,
                        2, 2, 0, null)),
                new RunSnapshot.EvalServiceStatus("NOT_STARTED", null), null, now, now,
                new RunSnapshot.Timings(null, null, null, null, null, null));
        store.insert(stale, new RunRequest("resume", List.of("bm25"), DEPTH, 42L, 0));
        long stamp = 1_700_000_000_000L;
        try (var c = db.connection(); var ps = c.prepareStatement(
                "INSERT INTO run_lease (run_id, owner, lease_until, started_event_at) VALUES (?, 'a-dead-replica:1', 0, ?)")) {
            ps.setString(1, id);
            ps.setLong(2, stamp);
            ps.executeUpdate();
        }
        List<String> confirmed = List.of(d.queries().get(0).id(), d.queries().get(1).id());
        journal.confirm(id, Map.of("bm25", confirmed));

        runs.recover();
        JsonPath run = awaitState(id, "COMPLETED");
        assertThat(run.getString("message")).startsWith("resumed after a gateway restart at ");
        assertThat(run.getString("resumedAt")).isNotNull();
        assertThat(run.getString("message")).endsWith(run.getString("resumedAt"));
        assertThat(run.getList("retrievers.queriesPublished", Integer.class)).containsExactly(queries);
        List<QueryResult> results = results(id);
        assertThat(results).extracting(QueryResult::getQueryId).hasSize(queries - 2).doesNotContainAnyElementsOf(confirmed);
        List<RunEvent> events = runEvents(id);
        assertThat(events).hasSize(2);
        assertThat(events.get(0).getStarted().getStartedAtEpochMs()).isEqualTo(stamp);
        assertThat(events.get(1).getCompleted().getOutcome()).isEqualTo(RunCompleted.Outcome.SUCCEEDED);
        assertThat(events.get(1).getCompleted().getPublishedQueriesMap()).isEqualTo(Map.of("bm25", queries));
        // ended: nothing is left to resume
        assertThat(journal.confirmed(id)).isEmpty();
    }

    private static int ceil(int n, int d) {
        return (n + d - 1) / d;
    }
}
