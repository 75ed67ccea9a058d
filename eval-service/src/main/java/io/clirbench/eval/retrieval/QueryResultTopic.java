package io.clirbench.eval.retrieval;

import io.clirbench.eval.pipeline.EvalChannels;
import io.clirbench.eval.pipeline.TopicAdapter;
import jakarta.enterprise.context.ApplicationScoped;

/** The retrieval adapter's mapping of query-results.v1: one QueryResult; poison goes to query-results.v1.dlt. */
@ApplicationScoped
public class QueryResultTopic implements TopicAdapter {

    private final RunEventHandler handler;

    public QueryResultTopic(RunEventHandler handler) {
        this.handler = handler;
    }

    @Override
    public String channel() {
        return EvalChannels.QUERY_RESULTS;
    }

    @Override
    public String deadLetterChannel() {
        return EvalChannels.QUERY_RESULTS_DLT;
    }

    @Override
    public void apply(byte[] value) {
        handler.onResult(Events.queryResult(value), value);
    }
}
