package io.clirbench.gateway.qa.messaging;

import io.clirbench.gateway.messaging.KafkaClientSecurity;
import io.clirbench.proto.qa.v1.QaEvent;
import io.clirbench.proto.qa.v1.QaPrediction;
import io.clirbench.proto.qa.v1.QaRunCompleted;
import io.clirbench.proto.qa.v1.QaRunStarted;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Publishes {@code QaEvent}s on {@code qa-predictions.v1}, keyed by run id (so a run's events stay ordered in one
 * partition), with a plain idempotent producer (acks=all, one request in flight per connection keeps order across
 * retries). Start and completion are sent synchronously; predictions return their future.
 */
@ApplicationScoped
public class QaEventPublisher {

    public static final String TOPIC = "qa-predictions.v1";
    private static final long SEND_TIMEOUT_SECONDS = 60;

    private final String bootstrapServers;
    private volatile KafkaProducer<String, byte[]> producer;

    QaEventPublisher(@ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
    }

    public void started(QaRunStarted started) {
        sendNow(started.getRunId(), QaEvent.newBuilder().setStarted(started).build().toByteArray());
    }

    public void completed(QaRunCompleted completed) {
        sendNow(completed.getRunId(), QaEvent.newBuilder().setCompleted(completed).build().toByteArray());
    }

    /** Sends one prediction; {@code onAck} runs once the broker confirmed it. */
    public Future<RecordMetadata> prediction(QaPrediction prediction, Runnable onAck) {
        return producer().send(new ProducerRecord<>(TOPIC, prediction.getRunId(),
                QaEvent.newBuilder().setPrediction(prediction).build().toByteArray()), (m, error) -> {
                    if (error == null) {
                        onAck.run();
                    }
                });
    }

    public void flush() {
        producer().flush();
    }

    private void sendNow(String key, byte[] value) {
        try {
            producer().send(new ProducerRecord<>(TOPIC, key, value)).get(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
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
                    props.put(ProducerConfig.LINGER_MS_CONFIG, 5);
                    props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, 30_000);
                    props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, 60_000);
                    props.put(ProducerConfig.CLIENT_ID_CONFIG, "gateway-qa");
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
