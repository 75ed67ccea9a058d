package io.clirbench.eval.retrieval;

import io.clirbench.eval.pipeline.EvalChannels;
import io.clirbench.eval.pipeline.TopicAdapter;
import io.clirbench.proto.events.v1.RunEvent;
import jakarta.enterprise.context.ApplicationScoped;

/** The retrieval adapter's mapping of runs.v1: a RunEvent to RunStarted or RunCompleted; poison goes to runs.v1.dlt. */
@ApplicationScoped
public class RunEventTopic implements TopicAdapter {

    private final RunEventHandler handler;

    public RunEventTopic(RunEventHandler handler) {
        this.handler = handler;
    }

    @Override
    public String channel() {
        return EvalChannels.RUNS;
    }

    @Override
    public String deadLetterChannel() {
        return EvalChannels.RUNS_DLT;
    }

    @Override
    public void apply(byte[] value) {
        RunEvent event = Events.runEvent(value);
        if (event.hasStarted()) {
            handler.onStarted(event.getStarted());
        } else {
            handler.onCompleted(event.getCompleted());
        }
    }
}
