package io.clirbench.gateway.agent;

import io.clirbench.gateway.messaging.KafkaClientSecurity;
import io.clirbench.proto.agent.v1.AgentEvent;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Publishes agent events on {@code agent-calls.v1}, keyed by run id, and waits for the broker's acknowledgement
 * (acks=all, idempotent) so an event is stored before the agent gets the call's result. No linger: a call waits
 * for its own event only, and concurrent calls share the producer's batches.
 */
@ApplicationScoped
public class AgentEventPublisher {

    public static final String TOPIC = "agent-calls.v1";
    private static final long SEND_TIMEOUT_SECONDS = 30;

    private final String bootstrapServers;
    private volatile KafkaProducer<String, byte[]> producer;

    AgentEventPublisher(@ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
    }

    /** Sends and waits; throws {@link IllegalStateException} naming the broker when it fails. */
    public void publish(String runId, AgentEvent event) {
        try {
            producer().send(new ProducerRecord<>(TOPIC, runId, event.toByteArray())).get(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while publishing to " + TOPIC, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("publishing to " + TOPIC + " at " + bootstrapServers + " failed: "
                    + (e.getCause() == null ? e : e.getCause()), e);
        }
    }

    private KafkaProducer<String, byte[]> producer() {
        KafkaProducer<String, byte[]> p = producer;
        if (p == null) {
            synchronized (this) {
                if (producer == null) {
                    Properties props = new Properties();
                    props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
                    props.put(ProducerConfig.ACKS_CONFIG, "all");
                    props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
                    props.put(ProducerConfig.LINGER_MS_CONFIG, 0);
                    props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 30_000);
                    props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 30_000);
                    props.put(ProducerConfig.CLIENT_ID_CONFIG, "gateway-agent");
                    props.putAll(KafkaClientSecurity.properties());
                    producer = new KafkaProducer<>(props, new StringSerializer(), new ByteArraySerializer());
                }
                p = producer;
            }
        }
        return p;
    }

    @PreDestroy
    void close() {
        if (producer != null) {
            producer.close(Duration.ofSeconds(10));
        }
    }
}
