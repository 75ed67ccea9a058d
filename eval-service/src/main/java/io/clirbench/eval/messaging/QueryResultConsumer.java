package io.clirbench.eval.messaging;

import io.clirbench.eval.evaluation.PoisonEventException;
import io.clirbench.eval.evaluation.RunEventHandler;
import io.clirbench.eval.mapping.Events;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Consumes query-results.v1 one record at a time, acknowledged after its transaction commits
 * (at-least-once); poison results go to query-results.v1.dlt with nothing stored.
 */
@ApplicationScoped
public class QueryResultConsumer {

    private final RunEventHandler handler;
    private final DeadLetters deadLetters;

    public QueryResultConsumer(RunEventHandler handler, DeadLetters deadLetters) {
        this.handler = handler;
        this.deadLetters = deadLetters;
    }

    @Incoming(EvalChannels.QUERY_RESULTS)
    @Blocking
    public void consume(ConsumerRecord<String, byte[]> record) {
        try {
            handler.onResult(Events.queryResult(record.value()), record.value());
        } catch (PoisonEventException e) {
            deadLetters.queryResult(record.key(), record.value(), e.reason());
        }
    }
}
