package io.clirbench.eval.agent;

import io.clirbench.eval.pipeline.EvalChannels;
import io.clirbench.eval.pipeline.EventIntake;
import io.smallrye.reactive.messaging.annotations.Blocking;
import jakarta.enterprise.context.ApplicationScoped;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Consumes agent-calls.v1 one record at a time through the pipeline's {@link EventIntake}; poison goes to its .dlt. */
@ApplicationScoped
public class AgentEventConsumer {

    private final AgentEventHandler handler;
    private final EventIntake intake;

    public AgentEventConsumer(AgentEventHandler handler, EventIntake intake) {
        this.handler = handler;
        this.intake = intake;
    }

    @Incoming(EvalChannels.AGENT_CALLS)
    @Blocking
    public void consume(ConsumerRecord<String, byte[]> record) {
        intake.consume(record, EvalChannels.AGENT_CALLS_DLT, handler::onEvent);
    }
}
