package io.clirbench.kafka;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalKafkaTest {

    @Test
    void brokerKeepsRecordsAcrossARestart(@TempDir Path dir) throws Exception {
        try (LocalKafka kafka = LocalKafka.start(dir, 0)) {
            kafka.createTopics("t.v1");
            kafka.createTopics("t.v1"); // existing: no error
            try (var producer = new KafkaProducer<String, String>(Map.of(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers(),
                    ProducerConfig.ACKS_CONFIG, "all"), new StringSerializer(), new StringSerializer())) {
                producer.send(new ProducerRecord<>("t.v1", "run-1", "a")).get();
                producer.send(new ProducerRecord<>("t.v1", "run-1", "b")).get();
            }
        }
        // same directory, new process state: the log is reused, not reformatted
        try (LocalKafka kafka = LocalKafka.start(dir, 0)) {
            assertThat(read(kafka.bootstrapServers(), "t.v1", 2)).containsExactly("a", "b");
        }
    }

    private static List<String> read(String bootstrap, String topic, int expected) {
        List<String> values = new ArrayList<>();
        try (var consumer = new KafkaConsumer<String, String>(Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                ConsumerConfig.GROUP_ID_CONFIG, "test", ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest"),
                new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of(topic));
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (values.size() < expected && System.nanoTime() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    values.add(r.value());
                }
            }
        }
        return values;
    }
}
