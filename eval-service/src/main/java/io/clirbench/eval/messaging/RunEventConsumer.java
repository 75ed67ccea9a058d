package io.clirbench.eval.messaging;

import io.clirbench.eval.evaluation.PoisonEventException;
import io.clirbench.eval.evaluation.RunEventHandler;
import io.clirbench.eval.mapping.Events;
import io.clirbench.proto.events.v1.RunEvent;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Consumes runs.v1 one record at a time; the record is acknowledged after its transaction commits
 * (at-least-once). A poison event goes to runs.v1.dlt; a database failure fails the channel and the
 * record is redelivered after a restart.
 */
@ApplicationScoped
public class RunEventConsumer {

    private final RunEventHandler handler;
    private final DeadLetters deadLetters;

    public RunEventConsumer(RunEventHandler handler, DeadLetters deadLetters) {
        this.handler = handler;
        this.deadLetters = deadLetters;
    }

    @Incoming(EvalChannels.RUNS)
    @Blocking
    public void consume(ConsumerRecord<String, byte[]> record) {
        try {
            RunEvent event = Events.runEvent(record.value());
            if (event.hasStarted()) {
                handler.onStarted(event.getStarted());
            } else {
                handler.onCompleted(event.getCompleted());
            }
        } catch (PoisonEventException e) {
            deadLetters.runEvent(record.key(), record.value(), e.reason());
        }
    }
}
