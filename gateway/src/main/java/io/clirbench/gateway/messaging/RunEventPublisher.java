package io.clirbench.gateway.messaging;

import io.clirbench.core.run.RankedList;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.gateway.mapping.EventMapper;
import io.clirbench.gateway.run.RunCompletion;
import io.clirbench.gateway.run.RunSnapshot;
import io.clirbench.proto.events.v1.QueryResult;
import io.clirbench.proto.events.v1.RunEvent;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
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
 * Publishes run events (protobuf bytes keyed by run id) with a plain Kafka producer: acks=all,
 * idempotent. Lifecycle events are sent synchronously; query results return their future, and the
 * orchestrator waits for all of them before it publishes RunCompleted.
 */
@ApplicationScoped
public class RunEventPublisher {

    public static final String RUNS_TOPIC = "runs.v1";
    public static final String RESULTS_TOPIC = "query-results.v1";
    private static final long SEND_TIMEOUT_SECONDS = 60;

    private final String bootstrapServers;
    private volatile KafkaProducer<String, byte[]> producer;

    RunEventPublisher(@ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers) {
        this.bootstrapServers = bootstrapServers;
    }

    /** RunStarted of {@code run} (messages built by {@link EventMapper}); {@code routes}: retriever id → its dictionary routes. */
    public void started(RunSnapshot run, int expectedQueries, String datasetLocation, List<RetrieverId> retrievers,
                        java.util.Map<String, List<io.clirbench.core.lexicon.Route>> routes) {
        var started = EventMapper.started(run, expectedQueries, datasetLocation, retrievers, routes, System.currentTimeMillis());
        sendNow(run.id(), RunEvent.newBuilder().setStarted(started).build().toByteArray());
    }

    public void completed(RunCompletion completion) {
        var completed = EventMapper.completed(completion, System.currentTimeMillis());
        sendNow(completion.runId(), RunEvent.newBuilder().setCompleted(completed).build().toByteArray());
    }

    /** Sends one query's result list; {@code onAck} runs once the broker confirmed it. */
    public Future<RecordMetadata> result(String runId, String retrieverId, RankedList list, long latencyMicros,
                                         Runnable onAck) {
        QueryResult result = EventMapper.result(runId, retrieverId, list, latencyMicros);
        return producer().send(new ProducerRecord<>(RESULTS_TOPIC, result.getRunId(), result.toByteArray()),
                (metadata, error) -> {
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
            producer().send(new ProducerRecord<>(RUNS_TOPIC, key, value)).get(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while publishing to " + RUNS_TOPIC, e);
        } catch (ExecutionException | TimeoutException e) {
            throw new IllegalStateException("publishing to " + RUNS_TOPIC + " at " + bootstrapServers + " failed: "
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
                    props.put(ProducerConfig.CLIENT_ID_CONFIG, "gateway");
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
