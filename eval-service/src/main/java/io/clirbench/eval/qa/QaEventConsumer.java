package io.clirbench.eval.qa;

import io.clirbench.eval.pipeline.EvalChannels;
import io.clirbench.eval.pipeline.EventIntake;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Consumes qa-predictions.v1 one record at a time through the pipeline's {@link EventIntake}; poison goes to its .dlt. */
@ApplicationScoped
public class QaEventConsumer {

    private final QaEventHandler handler;
    private final EventIntake intake;

    public QaEventConsumer(QaEventHandler handler, EventIntake intake) {
        this.handler = handler;
        this.intake = intake;
    }

    @Incoming(EvalChannels.QA_PREDICTIONS)
    @Blocking
    public void consume(ConsumerRecord<String, byte[]> record) {
        intake.consume(record, EvalChannels.QA_PREDICTIONS_DLT, handler::onEvent);
    }
}
