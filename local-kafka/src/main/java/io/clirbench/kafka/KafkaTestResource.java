package io.clirbench.kafka;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Starts a real in-process KRaft broker on a free port for a {@code @QuarkusTest}
 * ({@code @WithTestResource(KafkaTestResource.class)}), creates the clirbench topics and
 * points {@code kafka.bootstrap.servers} at it. The broker and its temporary log directory go
 * away when the test class is done.
 */
public class KafkaTestResource implements QuarkusTestResourceLifecycleManager {

    private LocalKafka kafka;
    private Path dir;

    @Override
    public Map<String, String> start() {
        try {
            dir = Files.createTempDirectory("clirbench-kafka-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        kafka = LocalKafka.start(dir, 0);
        kafka.createTopics(LocalKafka.CLIRBENCH_TOPICS.toArray(String[]::new));
        return Map.of("kafka.bootstrap.servers", kafka.bootstrapServers());
    }

    @Override
    public void stop() {
        if (kafka != null) {
            kafka.close();
        }
        if (dir != null) {
            try (Stream<Path> paths = Files.walk(dir)) {
                paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException ignored) {
                // a leftover temp directory is harmless
            }
        }
    }
}
