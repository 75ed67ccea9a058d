package io.clirbench.kafka;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

/**
 * Starts a real in-process KRaft broker on a free port for a {@code @QuarkusTest}
 * ({@code @WithTestResource(KafkaTestResource.class)}) with a random SCRAM password, creates the
 * clirbench topics and hands the app its client settings: {@code kafka.bootstrap.servers},
 * {@code kafka.security.protocol}, {@code kafka.sasl.mechanism}, {@code kafka.sasl.jaas.config}.
 * The broker and its temporary log directory go away when the test class is done.
 */
public class KafkaTestResource implements QuarkusTestResourceLifecycleManager {

    /** The client settings handed to the app, each under {@code kafka.}. */
    static final List<String> CLIENT_KEYS = List.of("bootstrap.servers", "security.protocol", "sasl.mechanism", "sasl.jaas.config");

    private LocalKafka kafka;
    private Path dir;

    @Override
    public Map<String, String> start() {
        try {
            dir = Files.createTempDirectory("clirbench-kafka-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        kafka = LocalKafka.start(dir, 0, KafkaCredentials.random("clirbench-test"));
        kafka.createTopics(LocalKafka.CLIRBENCH_TOPICS.toArray(String[]::new));
        Map<String, String> config = new HashMap<>();
        kafka.clientConfig().forEach((k, v) -> config.put("kafka." + k, v.toString()));
        return config;
    }

    /**
     * A test's own producer or consumer settings, from the app's config ({@code key -> value}, e.g.
     * {@code k -> ConfigProvider.getConfig().getValue(k, String.class)}): the broker and its login.
     */
    public static Map<String, Object> clientConfig(UnaryOperator<String> appConfig) {
        Map<String, Object> config = new HashMap<>();
        CLIENT_KEYS.forEach(k -> config.put(k, appConfig.apply("kafka." + k)));
        return config;
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
