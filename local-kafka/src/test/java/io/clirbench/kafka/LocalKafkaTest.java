package io.clirbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalKafkaTest {

    private static final KafkaCredentials CREDENTIALS = KafkaCredentials.random("clirbench");

    @Test
    void brokerKeepsRecordsAcrossARestart(@TempDir Path dir) throws Exception {
        try (LocalKafka kafka = LocalKafka.start(dir, 0, CREDENTIALS)) {
            kafka.createTopics("t.v1");
            kafka.createTopics("t.v1"); // existing: no error
            try (var producer = producer(kafka.clientConfig())) {
                producer.send(new ProducerRecord<>("t.v1", "run-1", "a")).get();
                producer.send(new ProducerRecord<>("t.v1", "run-1", "b")).get();
            }
        }
        // same directory, new process state: the log is reused, not reformatted
        try (LocalKafka kafka = LocalKafka.start(dir, 0, CREDENTIALS)) {
            assertThat(read(kafka.clientConfig(), "t.v1", 2)).containsExactly("a", "b");
        }
        assertThat(dir.resolve("server.properties")).as("the format config holds the password").doesNotExist();
    }

    @Test
    void topicsGetTheRequestedPartitionCount(@TempDir Path dir) throws Exception {
        try (LocalKafka kafka = LocalKafka.start(dir, 0, CREDENTIALS)) {
            kafka.createTopics(3, "p.v1");
            kafka.createTopics(1, "p.v1"); // existing: keeps its 3
            try (var admin = org.apache.kafka.clients.admin.Admin.create(kafka.clientConfig())) {
                var description = admin.describeTopics(java.util.List.of("p.v1")).allTopicNames().get(30, TimeUnit.SECONDS);
                assertThat(description.get("p.v1").partitions()).hasSize(3);
            }
        }
    }

    /** Issue 28, finding 7: an authenticated client producing to a topic the stack did not create gets no topic. */
    @Test
    void aProduceToAnUnknownTopicFailsAndCreatesNothing(@TempDir Path dir) throws Exception {
        try (LocalKafka kafka = LocalKafka.start(dir, 0, CREDENTIALS)) {
            kafka.createTopics(LocalKafka.CLIRBENCH_TOPICS.toArray(String[]::new));
            Map<String, Object> config = new HashMap<>(kafka.clientConfig());
            config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 5_000);
            try (var producer = producer(config)) {
                producer.send(new ProducerRecord<>("runs.v1", "run-1", "a")).get(30, TimeUnit.SECONDS); // a stack topic works
                assertThatThrownBy(() -> producer.send(new ProducerRecord<>("made-up.v1", "run-1", "x")).get(30, TimeUnit.SECONDS))
                        .hasStackTraceContaining("made-up.v1").hasStackTraceContaining("not present in metadata");
            }
            try (var admin = org.apache.kafka.clients.admin.Admin.create(kafka.clientConfig())) {
                assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS)).doesNotContain("made-up.v1")
                        .containsAll(LocalKafka.CLIRBENCH_TOPICS);
            }
        }
    }

    @Test
    void producerWithoutCredentialsIsRefusedAndWritesNothing(@TempDir Path dir) throws Exception {
        try (LocalKafka kafka = LocalKafka.start(dir, 0, CREDENTIALS)) {
            kafka.createTopics("t.v1");
            Map<String, Object> anonymous = Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
            try (var producer = producer(anonymous)) {
                // a plaintext client on a SASL listener never gets metadata: the send times out
                assertThatThrownBy(() -> producer.send(new ProducerRecord<>("t.v1", "run-1", "forged")).get(20, TimeUnit.SECONDS))
                        .hasStackTraceContaining("not present in metadata");
            }
            assertThat(read(kafka.clientConfig(), "t.v1", 1)).isEmpty();
        }
    }

    @Test
    void producerWithAWrongPasswordFailsAuthentication(@TempDir Path dir) {
        try (LocalKafka kafka = LocalKafka.start(dir, 0, CREDENTIALS)) {
            kafka.createTopics("t.v1");
            Map<String, Object> wrong = withCredentials(kafka, new KafkaCredentials(CREDENTIALS.user(), "not-the-password"));
            try (var producer = producer(wrong)) {
                assertThatThrownBy(() -> producer.send(new ProducerRecord<>("t.v1", "run-1", "forged")).get(20, TimeUnit.SECONDS))
                        .hasCauseInstanceOf(SaslAuthenticationException.class);
            }
            assertThat(read(kafka.clientConfig(), "t.v1", 1)).isEmpty();
        }
    }

    @Test
    void aNewPasswordReplacesTheOldOneAtRestart(@TempDir Path dir) throws Exception {
        KafkaCredentials renewed = KafkaCredentials.random(CREDENTIALS.user());
        try (LocalKafka kafka = LocalKafka.start(dir, 0, CREDENTIALS)) {
            kafka.createTopics("t.v1");
        }
        try (LocalKafka kafka = LocalKafka.start(dir, 0, renewed)) {
            try (var producer = producer(kafka.clientConfig())) {
                producer.send(new ProducerRecord<>("t.v1", "run-1", "a")).get(20, TimeUnit.SECONDS);
            }
            try (var producer = producer(withCredentials(kafka, CREDENTIALS))) {
                assertThatThrownBy(() -> producer.send(new ProducerRecord<>("t.v1", "run-1", "old")).get(20, TimeUnit.SECONDS))
                        .hasCauseInstanceOf(SaslAuthenticationException.class);
            }
        }
    }

    @Test
    void aBrokerStartsAfterAnotherClassLoaderRegisteredKafkasSaslProviders(@TempDir Path dir) throws Exception {
        // as a Quarkus test JVM does: a broker of an earlier test profile's class loader went first
        java.net.URL clients = org.apache.kafka.common.security.plain.internals.PlainSaslServerProvider.class
                .getProtectionDomain().getCodeSource().getLocation();
        try (var other = new java.net.URLClassLoader(new java.net.URL[] {clients}, ClassLoader.getPlatformClassLoader())) {
            for (String provider : List.of("org.apache.kafka.common.security.plain.internals.PlainSaslServerProvider",
                    "org.apache.kafka.common.security.scram.internals.ScramSaslServerProvider")) {
                for (java.security.Provider p : java.security.Security.getProviders()) {
                    if (p.getClass().getName().equals(provider)) {
                        java.security.Security.removeProvider(p.getName());
                    }
                }
                Class<?> foreign = other.loadClass(provider);
                foreign.getMethod("initialize").invoke(null);
                assertThat(java.util.Arrays.stream(java.security.Security.getProviders()).map(Object::getClass)).contains(foreign);
            }
            try (LocalKafka kafka = LocalKafka.start(dir, 0, CREDENTIALS); var producer = producer(kafka.clientConfig())) {
                kafka.createTopics("t.v1");
                producer.send(new ProducerRecord<>("t.v1", "run-1", "a")).get(20, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void credentialsComeFromTheEnvironmentOrTheBrokerDoesNotStart() {
        assertThat(KafkaCredentials.fromEnvironment(Map.of("CLIRBENCH_KAFKA_USER", "u", "CLIRBENCH_KAFKA_PASSWORD", "p")))
                .isEqualTo(new KafkaCredentials("u", "p"));
        assertThatThrownBy(() -> KafkaCredentials.fromEnvironment(Map.of("CLIRBENCH_KAFKA_USER", "u")))
                .hasMessageContaining("CLIRBENCH_KAFKA_PASSWORD");
        assertThatThrownBy(() -> new KafkaCredentials("u", "p\"; x")).isInstanceOf(IllegalArgumentException.class);
        assertThat(CREDENTIALS.toString()).doesNotContain(CREDENTIALS.password());
        // 32 random bytes in base64url without padding: 43 characters
        assertThat(KafkaCredentials.random("u").password()).hasSize(43).isNotEqualTo(KafkaCredentials.random("u").password());
    }

    private static Map<String, Object> withCredentials(LocalKafka kafka, KafkaCredentials credentials) {
        Map<String, Object> config = new HashMap<>(credentials.clientProperties());
        config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        return config;
    }

    private static KafkaProducer<String, String> producer(Map<String, Object> client) {
        Map<String, Object> config = new HashMap<>(client);
        config.put(ProducerConfig.ACKS_CONFIG, "all");
        config.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 5000);
        return new KafkaProducer<>(config, new StringSerializer(), new StringSerializer());
    }

    private static List<String> read(Map<String, Object> client, String topic, int expected) {
        Map<String, Object> config = new HashMap<>(client);
        config.put(ConsumerConfig.GROUP_ID_CONFIG, "test");
        config.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        List<String> values = new ArrayList<>();
        try (var consumer = new KafkaConsumer<String, String>(config, new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            // an empty topic is read for 5 s: long enough for a record that was written to arrive
            long deadline = System.nanoTime() + Duration.ofSeconds(expected == 1 ? 5 : 60).toNanos();
            while (values.size() < expected && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    values.add(r.value());
                }
            }
        }
        return values;
    }
}
