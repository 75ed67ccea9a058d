package io.clirbench.gateway.run;

import static io.clirbench.gateway.TestAuth.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.clirbench.gateway.TestDatasets;
import io.clirbench.gateway.messaging.KafkaClientSecurity;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RunEvent;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.ConfigProvider;

/** What the run tests share: register, submit, wait for a state over REST, read the run's Kafka records. */
public final class TestRuns {

    static final int DEPTH = 10;
    private static final Set<String> TERMINAL = Set.of("COMPLETED", "FAILED", "CANCELLED", "INTERRUPTED");

    private TestRuns() {
    }

    /** Registers the test sample under {@code id} (201). */
    static void register(String id) throws Exception {
        register(id, TestDatasets.sample());
    }

    /** Registers a dataset under {@code id} (201). */
    static void register(String id, io.clirbench.core.model.Dataset dataset) throws Exception {
        given().contentType(ContentType.JSON).body(Map.of("path", TestDatasets.write(id, dataset).toString()))
                .post("/api/datasets").then().statusCode(201);
    }

    static String submit(String dataset, List<String> retrievers) {
        return given().contentType(ContentType.JSON)
                .body(Map.of("dataset", dataset, "retrievers", retrievers, "depth", DEPTH, "bootstrap", 0))
                .when().post("/api/runs").then().statusCode(202).body("state", equalTo("QUEUED"))
                .extract().path("id");
    }

    /** Polls the run until it is in {@code state}; fails at once on another terminal state, or after 60 s. */
    static JsonPath awaitState(String id, String state) {
        return await(id, state, run -> state.equals(run.getString("state")));
    }

    /** Polls the run until {@code done} holds; fails on an unexpected terminal state or after 60 s. */
    static JsonPath await(String id, String what, Predicate<JsonPath> done) {
        return await("/api/runs/", id, what, done);
    }

    /** The same for a run of another collection ({@code /api/qa-runs/}). */
    public static JsonPath await(String collection, String id, String what, Predicate<JsonPath> done) {
        long end = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        JsonPath run = null;
        while (System.nanoTime() < end) {
            run = given().get(collection + id).then().statusCode(200).extract().jsonPath();
            if (done.test(run)) {
                return run;
            }
            assertThat(TERMINAL.contains(run.getString("state"))).as("run %s ended before %s: %s", id, what,
                    run.prettify()).isFalse();
            sleep(100);
        }
        throw new AssertionError("run " + id + " not " + what + " within 60 s: " + (run == null ? "" : run.prettify()));
    }

    static List<RunEvent> runEvents(String runId) {
        List<RunEvent> out = new ArrayList<>();
        for (ConsumerRecord<String, byte[]> r : consume("runs.v1")) {
            if (r.key().equals(runId)) {
                out.add(parse(() -> RunEvent.parseFrom(r.value())));
            }
        }
        return out;
    }

    static List<QueryResult> results(String runId) {
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
    public static List<ConsumerRecord<String, byte[]>> consume(String topic) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG,
                ConfigProvider.getConfig().getValue("kafka.bootstrap.servers", String.class));
        props.putAll(KafkaClientSecurity.properties());
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

    public static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
