package io.clirbench.eval.messaging;

import io.clirbench.eval.evaluation.RunEventHandler;
import io.clirbench.eval.mapping.Events;
import io.clirbench.eval.pipeline.EvalChannels;
import io.clirbench.eval.pipeline.EventIntake;
import io.clirbench.proto.events.v1.RunEvent;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Consumes runs.v1 one record at a time through the pipeline's {@link EventIntake}; poison goes to runs.v1.dlt. */
@ApplicationScoped
public class RunEventConsumer {

    private final RunEventHandler handler;
    private final EventIntake intake;

    public RunEventConsumer(RunEventHandler handler, EventIntake intake) {
        this.handler = handler;
        this.intake = intake;
    }

    @Incoming(EvalChannels.RUNS)
    @Blocking
    public void consume(ConsumerRecord<String, byte[]> record) {
        intake.consume(record, EvalChannels.RUNS_DLT, bytes -> {
            RunEvent event = Events.runEvent(bytes);
            if (event.hasStarted()) {
                handler.onStarted(event.getStarted());
            } else {
                handler.onCompleted(event.getCompleted());
            }
        });
    }
}
