package io.clirbench.gateway.qa;

import io.clirbench.gateway.messaging.KafkaSender;
import io.clirbench.proto.Topics;
import io.clirbench.proto.qa.v1.QaEvent;
import io.clirbench.proto.qa.v1.QaPrediction;
import io.clirbench.proto.qa.v1.QaRunCompleted;
import io.clirbench.proto.qa.v1.QaRunStarted;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.Future;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Publishes {@code QaEvent}s on {@code qa-predictions.v1}, keyed by run id (so a run's events stay ordered in one
 * partition), through a {@link KafkaSender} (acks=all, idempotent: order is kept across
 * retries). Start and completion are sent synchronously; predictions return their future.
 */
@ApplicationScoped
public class QaEventPublisher {


    private final KafkaSender sender;

    QaEventPublisher(@ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers) {
        this.sender = new KafkaSender(bootstrapServers, KafkaSender.Settings.bulk("gateway-qa"));
    }

    public void started(QaRunStarted started) {
        sendNow(started.getRunId(), QaEvent.newBuilder().setStarted(started).build().toByteArray());
    }

    public void completed(QaRunCompleted completed) {
        sendNow(completed.getRunId(), QaEvent.newBuilder().setCompleted(completed).build().toByteArray());
    }

    /** Sends one prediction; {@code onAck} runs once the broker confirmed it. */
    public Future<RecordMetadata> prediction(QaPrediction prediction, Runnable onAck) {
        return sender.send(Topics.QA_PREDICTIONS, prediction.getRunId(), QaEvent.newBuilder().setPrediction(prediction).build().toByteArray(),
                onAck);
    }

    public void flush() {
        sender.flush();
    }

    private void sendNow(String key, byte[] value) {
        sender.sendAndWait(Topics.QA_PREDICTIONS, key, value);
    }

    @PreDestroy
    void close() {
        sender.close();
    }
}
