package io.clirbench.eval.messaging;

import static io.clirbench.eval.TestAuth.given;

import io.clirbench.kafka.KafkaTestResource;
import io.restassured.path.json.JsonPath;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.ConfigProvider;

/** A plain Kafka producer and dead-letter reader for the tests, plus REST polling of a run's state. */
final class TestKafka {

    private TestKafka() {
    }

    /** The test broker and its SASL login, as the app under test has them. */
    private static Map<String, Object> client() {
        return KafkaTestResource.clientConfig(k -> ConfigProvider.getConfig().getValue(k, String.class));
    }

    static KafkaProducer<String, byte[]> producer() {
        Map<String, Object> config = client();
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        return new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer());
    }

    /** A producer that knows the broker but not its login: {@code extra} may add a guessed one. */
    static KafkaProducer<String, byte[]> producerWithout(Map<String, Object> extra) {
        Map<String, Object> config = new HashMap<>(extra);
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, client().get(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG));
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 5000);
        return new KafkaProducer<>(config, new StringSerializer(), new ByteArraySerializer());
    }

    static void send(KafkaProducer<String, byte[]> producer, String topic, String key, byte[] value) {
        try {
            producer.send(new ProducerRecord<>(topic, key, value)).get(30, TimeUnit.SECONDS);
        } catch (InterruptedException | ExecutionException | TimeoutException e) {
            throw new IllegalStateException("send to " + topic + ": " + e, e);
        }
    }

    /** A dead letter: its key and its reason header. */
    record DeadLetter(String key, String reason, byte[] value) {
    }

    /** Reads the dead-letter topic from the start until {@code count} letters match, or 60 s pass. */
    static List<DeadLetter> deadLetters(String topic, Predicate<DeadLetter> wanted, int count) {
        Map<String, Object> config = client();
        config.put(ConsumerConfig.GROUP_ID_CONFIG, "test-" + UUID.randomUUID());
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        List<DeadLetter> found = new ArrayList<>();
        try (KafkaConsumer<String, byte[]> consumer = new KafkaConsumer<>(config, new StringDeserializer(), new ByteArrayDeserializer())) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (found.size() < count && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, byte[]> record : consumer.poll(Duration.ofMillis(500))) {
                    Header reason = record.headers().lastHeader("reason");
                    DeadLetter letter = new DeadLetter(record.key(),
                            reason == null ? null : new String(reason.value(), StandardCharsets.UTF_8), record.value());
                    if (wanted.test(letter)) {
                        found.add(letter);
                    }
                }
            }
        }
        return found;
    }

    /** Polls GET /api/runs/{runId} until the state is one of {@code states} (60 s at most). */
    static JsonPath awaitState(String runId, String... states) {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        JsonPath last = null;
        while (System.nanoTime() < deadline) {
            var response = given().get("/api/runs/" + runId);
            if (response.statusCode() == 200) {
                last = response.jsonPath();
                if (List.of(states).contains(last.getString("state"))) {
                    return last;
                }
            }
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        throw new AssertionError("run " + runId + " did not reach " + List.of(states) + "; last seen: "
                + (last == null ? "nothing" : last.prettify()));
    }
}
