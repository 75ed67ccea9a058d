package io.clirbench.gateway.messaging;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * The SASL settings every Kafka client of the gateway carries: {@code kafka.security.protocol},
 * {@code kafka.sasl.mechanism} and {@code kafka.sasl.jaas.config} (application.properties: SCRAM
 * with {@code CLIRBENCH_KAFKA_USER} / {@code CLIRBENCH_KAFKA_PASSWORD}), without the {@code kafka.} prefix.
 */
public final class KafkaClientSecurity {

    static final List<String> KEYS = List.of("security.protocol", "sasl.mechanism", "sasl.jaas.config");

    private KafkaClientSecurity() {
    }

    /** The settings from the application's config, for a producer's or consumer's properties. */
    public static Map<String, String> properties() {
        return properties(ConfigProvider.getConfig());
    }

    static Map<String, String> properties(Config config) {
        Map<String, String> props = new HashMap<>();
        for (String key : KEYS) {
            config.getOptionalValue("kafka." + key, String.class).ifPresent(v -> props.put(key, v));
        }
        return props;
    }
}
