package io.clirbench.eval.qa;

import io.clirbench.eval.evaluation.PoisonEventException;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Consumes qa-predictions.v1 one record at a time, acknowledged after its transaction commits (at-least-once);
 * a poison event goes to qa-predictions.v1.dlt with its reason and nothing stored.
 */
@ApplicationScoped
public class QaEventConsumer {

    /** The incoming channel (topic qa-predictions.v1). */
    public static final String CHANNEL = "qa-predictions";

    private final QaEventHandler handler;
    private final QaDeadLetters deadLetters;

    public QaEventConsumer(QaEventHandler handler, QaDeadLetters deadLetters) {
        this.handler = handler;
        this.deadLetters = deadLetters;
    }

    @Incoming(CHANNEL)
    @Blocking
    public void consume(ConsumerRecord<String, byte[]> record) {
        try {
            handler.onEvent(record.value());
        } catch (PoisonEventException e) {
            deadLetters.send(record.key(), record.value(), e.reason());
        }
    }
}
