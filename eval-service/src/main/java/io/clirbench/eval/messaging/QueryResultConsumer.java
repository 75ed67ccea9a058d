package io.clirbench.eval.messaging;

import io.clirbench.eval.evaluation.RunEventHandler;
import io.clirbench.eval.mapping.Events;
import io.clirbench.eval.pipeline.EvalChannels;
import io.clirbench.eval.pipeline.EventIntake;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Consumes query-results.v1 one record at a time through the pipeline's {@link EventIntake}; poison goes to its .dlt. */
@ApplicationScoped
public class QueryResultConsumer {

    private final RunEventHandler handler;
    private final EventIntake intake;

    public QueryResultConsumer(RunEventHandler handler, EventIntake intake) {
        this.handler = handler;
        this.intake = intake;
    }

    @Incoming(EvalChannels.QUERY_RESULTS)
    @Blocking
    public void consume(ConsumerRecord<String, byte[]> record) {
        intake.consume(record, EvalChannels.QUERY_RESULTS_DLT, bytes -> handler.onResult(Events.queryResult(bytes), bytes));
    }
}
