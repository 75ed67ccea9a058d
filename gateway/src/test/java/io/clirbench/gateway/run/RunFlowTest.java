package io.clirbench.gateway.run;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.clirbench.core.model.Dataset;
import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.peers.PeersResource;
import io.clirbench.gateway.store.RunStore;
import io.clirbench.kafka.KafkaTestResource;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RunCompleted;
import io.clirbench.proto.events.v1.RunEvent;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/** A whole run against real gRPC test peers, a real Kafka broker and a minimal eval endpoint. */
@QuarkusTest
@WithTestResource(KafkaTestResource.class)
@WithTestResource(PeersResource.class)
class RunFlowTest {

    private static final int DEPTH = 10;

    /** Embed calls received by the two test embedders (injected by PeersResource). */
    AtomicInteger embedCalls;

    @Inject
    RunStore store;

    @Inject
    RunService runs;

    private void registerDataset() throws Exception {
        Path dir = TestDatasets.write("flow");
        given().contentType(ContentType.JSON).body(Map.of("path", dir.toString())).post("/api/datasets")
                .then().statusCode(201);
    }

    @Test
    void runPublishesEveryQueryThenCompletesAndARerunEmbedsNothing() throws Exception {
        registerDataset();
        Dataset d = TestDatasets.sample();
        int queries = d.queries().size();
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
        assertThat(embedCalls.get()).isEqualTo(expectedCalls);

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
        RunView stale = new RunView("stale-run", "flow", "1", RunState.RUNNING, 10, 42, 0,
                List.of(new RunView.RetrieverView("bm25", "RUNNING", 3, 9, 0, 9, 0, 0)),
                new RunView.Evaluation("NOT_STARTED", null), null, now, now,
                new RunView.Timings(null, null, null, null, null, null));
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

    private static String submit(List<String> retrievers) {
        return given().contentType(ContentType.JSON)
                .body(Map.of("dataset", "flow", "retrievers", retrievers, "depth", DEPTH, "bootstrap", 0))
                .when().post("/api/runs").then().statusCode(202).body("state", equalTo("QUEUED"))
                .extract().path("id");
    }

    private static JsonPath awaitState(String id, String state) {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        JsonPath run = null;
        while (System.nanoTime() < end) {
            run = given().get("/api/runs/" + id).then().statusCode(200).extract().jsonPath();
            if (state.equals(run.getString("state"))) {
                return run;
            }
            assertThat(run.getString("state")).as(run.prettify()).isNotIn("FAILED", "CANCELLED", "INTERRUPTED");
            sleep(100);
        }
        throw new AssertionError("run " + id + " not " + state + ": " + (run == null ? "" : run.prettify()));
    }

    private static List<RunEvent> runEvents(String runId) {
        List<RunEvent> out = new ArrayList<>();
        for (ConsumerRecord<String, byte[]> r : consume("runs.v1")) {
            if (r.key().equals(runId)) {
                out.add(parse(() -> RunEvent.parseFrom(r.value())));
            }
        }
        return out;
    }

    private static List<QueryResult> results(String runId) {
        List<QueryResult> out = new ArrayList<>();
        for (ConsumerRecord<String, byte[]> r : consume("query-results.v1")) {
            if (r.key().equals(runId)) {
                out.add(parse(() -> QueryResult.parseFrom(r.value())));
            }
        }
        return out;
    }

    interface Parser<T> {
        T parse() throws Exception;
    }

    private static <T> T parse(Parser<T> p) {
        try {
            return p.parse();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Every record of a topic, read from the beginning. */
    private static List<ConsumerRecord<String, byte[]>> consume(String topic) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class));
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(props, new StringDeserializer(),
                new ByteArrayDeserializer())) {
            List<TopicPartition> partitions = consumer.partitionsFor(topic).stream()
                    .map(p -> new TopicPartition(topic, p.partition())).toList();
            consumer.assign(partitions);
            consumer.seekToBeginning(partitions);
            Map<TopicPartition, Long> endOffsets = consumer.endOffsets(partitions);
            List<ConsumerRecord<String, byte[]>> out = new ArrayList<>();
            long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
            while (partitions.stream().anyMatch(p -> consumer.position(p) < endOffsets.get(p))
                    && System.nanoTime() < deadline) {
                consumer.poll(Duration.ofMillis(200)).forEach(out::add);
            }
            return out;
        }
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
