package io.clirbench.gateway.messaging;

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

/**
 * The gateway's one way to put protobuf bytes on Kafka: a lazily created producer (acks=all, idempotent, so a
 * retried send is stored once and a key's events stay ordered) with the settings of one use, a send that waits for
 * the broker's acknowledgement, an asynchronous send, and flush. Each publisher owns one and keeps only its mapping
 * from domain objects to events. The producer is created on the first send, so a gateway starts without a broker.
 */
public final class KafkaSender implements AutoCloseable {

    /**
     * The settings of one use. {@code lingerMs}: how long the producer waits to fill a batch; 0 for sends a caller
     * waits for (a linger adds itself to every such call), a few ms for bulk sends that are flushed at the end.
     */
    public record Settings(String clientId, int lingerMs, Duration deliveryTimeout) {

        /** For sends a request waits for: no linger, 30 s to deliver. */
        public static Settings perCall(String clientId) {
            return new Settings(clientId, 0, Duration.ofSeconds(30));
        }

        /** For bulk sends (one per query result) flushed at the end of a run: 5 ms linger, 60 s to deliver. */
        public static Settings bulk(String clientId) {
            return new Settings(clientId, 5, Duration.ofSeconds(60));
        }
    }

    private static final Duration MAX_BLOCK = Duration.ofSeconds(30);

    /**
     * The largest record the producer sends ({@code max.request.size}): Kafka's default, set here so that the run
     * preflight ({@code RunPreflight}) checks a QueryResult against the value in force. The local broker's
     * {@code message.max.bytes} is Kafka's default too (1,048,588); the Kubernetes topics allow 4 MiB.
     */
    public static final int MAX_REQUEST_BYTES = 1_048_576;

    private final String bootstrapServers;
    private final Settings settings;
    private volatile KafkaProducer<String, byte[]> producer;

    public KafkaSender(String bootstrapServers, Settings settings) {
        this.bootstrapServers = bootstrapServers;
        this.settings = settings;
    }

    /** The producer's configuration (also what a test reads to check the settings). */
    Properties properties() {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.LINGER_MS_CONFIG, settings.lingerMs());
        props.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, (int) MAX_BLOCK.toMillis());
        props.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) settings.deliveryTimeout().toMillis());
        props.put(ProducerConfig.CLIENT_ID_CONFIG, settings.clientId());
        props.put(ProducerConfig.MAX_REQUEST_SIZE_CONFIG, MAX_REQUEST_BYTES);
        props.putAll(KafkaClientSecurity.properties()); // SASL (issue 12): the stack's Kafka credentials
        return props;
    }

    /** Sends and waits for the acknowledgement; {@link IllegalStateException} naming the topic and broker otherwise. */
    public RecordMetadata sendAndWait(String topic, String key, byte[] value) {
        Future<RecordMetadata> sent = send(topic, key, value, null);
        try {
            return sent.get(settings.deliveryTimeout().toMillis() + MAX_BLOCK.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while publishing to " + topic, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("publishing to " + topic + " at " + bootstrapServers + " failed: "
                    + (e.getCause() == null ? e : e.getCause()), e);
        }
    }

    /** Sends without waiting; {@code onAck} (may be null) runs on the producer's thread once the broker confirmed it. */
    public Future<RecordMetadata> send(String topic, String key, byte[] value, Runnable onAck) {
        return producer().send(new ProducerRecord<>(topic, key, value), onAck == null ? null : (metadata, error) -> {
            if (error == null) {
                onAck.run();
            }
        });
    }

    /** Waits until every send so far is acknowledged or failed. */
    public void flush() {
        producer().flush();
    }

    private KafkaProducer<String, byte[]> producer() {
        KafkaProducer<String, byte[]> p = producer;
        if (p == null) {
            synchronized (this) {
                if (producer == null) {
                    producer = new KafkaProducer<>(properties(), new StringSerializer(), new ByteArraySerializer());
                }
                p = producer;
            }
        }
        return p;
    }

    @Override
    public void close() {
        KafkaProducer<String, byte[]> p = producer;
        if (p != null) {
            p.close(Duration.ofSeconds(10));
        }
    }
}
