package io.clirbench.gateway.run;

import static io.clirbench.gateway.TestAuth.given;
import static io.clirbench.gateway.run.TestRuns.await;
import static io.clirbench.gateway.run.TestRuns.awaitState;
import static io.clirbench.gateway.run.TestRuns.results;
import static io.clirbench.gateway.run.TestRuns.runEvents;
import static io.clirbench.gateway.run.TestRuns.submit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.peers.PacedPeersResource;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.gateway.qa.TestQaDatasets;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RunCompleted;
import io.clirbench.proto.events.v1.RunEvent;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * Several runs in flight (default {@code gateway.runs.max-concurrent} = 2, retrieval and QA runs in one line), seen
 * through the REST API only: runs on {@code slow-model} (each Embed 2 s, one replica) stay RUNNING long enough to
 * line others up behind them. Each run has a dataset of its own (every text marked), so no run finds another's
 * vectors in the embedding cache.
 */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
@WithTestResource(PacedPeersResource.class)
class RunQueueTest {

    private static final int MAX = 2;

    @Test
    void runsBeyondTheMaximumWaitInLineAndCancellingOneLeavesTheOthersAlone() throws Exception {
        // a (cancelled while running) embeds 240 documents, b (completes) 144: 8 and 5 batches of 2 s on the one
        // replica of slow-model, which they share, so both are RUNNING while the others are lined up and moved
        Map<String, Integer> families = Map.of("queue-a", 20, "queue-b", 12, "queue-c", 1, "queue-d", 1);
        for (String d : List.of("queue-a", "queue-b", "queue-c", "queue-d")) {
            TestRuns.register(d, marked(TestDatasets.sample(families.get(d)), d.replace("-", "")));
        }
        given().contentType(ContentType.JSON).body(Map.of("path", TestQaDatasets.write("queue-qa", TestQaDatasets.sample(1))
                .toString())).post("/api/qa-datasets").then().statusCode(201);
        RunningSampler sampler = new RunningSampler();
        sampler.start();
        try {
            String a = submit("queue-a", List.of("slow-model/exact"));
            String b = submit("queue-b", List.of("slow-model/exact"));
            String c = submit("queue-c", List.of("slow-model/exact"));
            String d = submit("queue-d", List.of("slow-model/exact"));
            String q = given().contentType(ContentType.JSON)
                    .body(Map.of("dataset", "queue-qa", "systems", List.of("select:lexical"), "bootstrap", 0))
                    .post("/api/qa-runs").then().statusCode(202).body("state", equalTo("QUEUED"))
                    .body("queue.position", equalTo(3)).body("queue.length", equalTo(3)).extract().path("id");
            sampler.watch(a, b, c, d, q);
            awaitState(a, "RUNNING");
            awaitState(b, "RUNNING");
            // the line, in order of submission, the QA run behind the retrieval runs; also in the list and the pages
            assertQueued("/api/runs/", c, 1, 3);
            assertQueued("/api/runs/", d, 2, 3);
            assertQueued("/api/qa-runs/", q, 3, 3);
            given().get("/api/runs/" + a).then().body("queue", nullValue());
            JsonPath list = given().get("/api/runs?limit=1000").then().statusCode(200).extract().jsonPath();
            assertThat(list.getInt("find { it.id == '" + d + "' }.queue.position")).isEqualTo(2);
            assertThat(list.getString("find { it.id == '" + a + "' }.queue")).isNull();
            given().get("/runs/" + c).then().statusCode(200).body(containsString("QUEUED (position 1 of 3)"));
            given().get("/").then().statusCode(200).body(containsString("QUEUED (position 2 of 3)"));
            given().get("/qa-runs/" + q).then().statusCode(200).body(containsString("QUEUED (position 3 of 3)"));

            // the collections of a queued or running run's dataset are not dropped (409 naming the run); another
            // dataset's are (queue-c's never filled: 404)
            given().delete("/api/collections/queue-a__slow-model__exact").then().statusCode(409)
                    .body("detail", containsString(a)).body("detail", containsString("RUNNING"));
            given().delete("/api/collections/queue-d__bm25").then().statusCode(409)
                    .body("detail", containsString(d)).body("detail", containsString("QUEUED"));

            // a waiting run leaves the line at once; those behind it move up
            given().post("/api/runs/" + c + "/cancel").then().statusCode(200).body("state", equalTo("CANCELLED"))
                    .body("queue", nullValue());
            assertQueued("/api/runs/", d, 1, 2);
            assertQueued("/api/qa-runs/", q, 2, 2);
            given().delete("/api/collections/queue-c__bm25").then().statusCode(404);

            // a running run stops alone; the first in line takes its place
            given().post("/api/runs/" + a + "/cancel").then().statusCode(200);
            awaitState(a, "CANCELLED");
            awaitState(d, "RUNNING");
            assertQueued("/api/qa-runs/", q, 1, 1);
            given().post("/api/runs/" + d + "/cancel").then().statusCode(200);
            awaitState(d, "CANCELLED");
            TestRuns.await("/api/qa-runs/", q, "COMPLETED", run -> "COMPLETED".equals(run.getString("state")));
            JsonPath done = awaitState(b, "COMPLETED");
            sampler.finish();

            assertThat(sampler.max()).as("runs RUNNING at once").isEqualTo(MAX);
            // the cancelled waiting run never started: no RunStarted, only its RunCompleted CANCELLED
            List<RunEvent> cEvents = runEvents(c);
            assertThat(cEvents).hasSize(1);
            assertThat(cEvents.get(0).getCompleted().getOutcome()).isEqualTo(RunCompleted.Outcome.CANCELLED);
            assertThat(runEvents(a)).extracting(e -> e.hasStarted() ? "started" : e.getCompleted().getOutcome().name())
                    .containsExactly("started", "CANCELLED");

            // the run left alone is complete and its results are those of the same run made alone: test-model's
            // replicas compute the same vectors as slow-model's (FakeEmbedder), so the hits must be identical
            int queries = done.getInt("retrievers[0].queries");
            assertThat(done.getInt("retrievers[0].queriesPublished")).isEqualTo(queries);
            RunEvent completed = runEvents(b).get(1);
            assertThat(completed.getCompleted().getOutcome()).isEqualTo(RunCompleted.Outcome.SUCCEEDED);
            assertThat(completed.getCompleted().getPublishedQueriesMap()).isEqualTo(Map.of("slow-model/exact", queries));
            String alone = submit("queue-b", List.of("test-model/exact"));
            awaitState(alone, "COMPLETED");
            assertThat(hits(b)).hasSize(queries).isEqualTo(hits(alone));
        } finally {
            sampler.finish();
        }
    }

    private static void assertQueued(String collection, String id, int position, int length) {
        given().get(collection + id).then().statusCode(200).body("state", equalTo("QUEUED"))
                .body("queue.position", equalTo(position)).body("queue.length", equalTo(length));
    }

    /** Query id → the hits (doc id and score) of a run's one retriever. */
    private static Map<String, String> hits(String runId) {
        Map<String, String> out = new TreeMap<>();
        for (QueryResult r : results(runId)) {
            out.put(r.getQueryId(), r.getHitsList().stream().map(h -> h.getDocId() + "=" + h.getScore()).toList().toString());
        }
        return out;
    }

    /** The dataset with {@code mark} added to every document and query text. */
    static Dataset marked(Dataset d, String mark) {
        List<Document> docs = d.corpus().stream().map(x -> new Document(x.id(), x.title(), x.text() + " " + mark, x.lang(),
                x.family(), x.metadata())).toList();
        List<Query> queries = d.queries().stream().map(x -> new Query(x.id(), x.text() + " " + mark, x.lang(), x.family(),
                x.metadata())).toList();
        return new Dataset(d.info(), docs, queries, d.qrels());
    }

    /** Counts, every 50 ms through GET /api/runs and /api/qa-runs, how many of the watched runs are RUNNING at once. */
    private static final class RunningSampler extends Thread {

        private final Set<String> watched = ConcurrentHashMap.newKeySet();
        private final AtomicInteger max = new AtomicInteger();
        private final AtomicBoolean stop = new AtomicBoolean();

        RunningSampler() {
            super("running-sampler");
            setDaemon(true);
        }

        void watch(String... ids) {
            watched.addAll(List.of(ids));
        }

        @Override
        public void run() {
            while (!stop.get()) {
                int running = 0;
                // QA runs first: the QA run starts only after a retrieval run ends (it is last in line), so reading
                // them in this order may miss a RUNNING run but never counts one too many; within one list (newest
                // first) a run starts only after an older one has stopped, read later
                for (String collection : List.of("/api/qa-runs", "/api/runs")) {
                    JsonPath page = given().get(collection + "?limit=1000").then().extract().jsonPath();
                    List<String> ids = page.getList("id");
                    List<String> states = page.getList("state");
                    for (int i = 0; i < ids.size(); i++) {
                        if (watched.contains(ids.get(i)) && "RUNNING".equals(states.get(i))) {
                            running++;
                        }
                    }
                }
                max.accumulateAndGet(running, Math::max);
                TestRuns.sleep(50);
            }
        }

        int max() {
            return max.get();
        }

        void finish() throws InterruptedException {
            stop.set(true);
            join(5000);
        }
    }
}
