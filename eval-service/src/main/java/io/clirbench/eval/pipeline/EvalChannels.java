package io.clirbench.eval.pipeline;

/** Messaging channel names of every pillar (topics in application.properties). */
public final class EvalChannels {

    /** runs.v1: RunEvent (RunStarted or RunCompleted) protobuf bytes. */
    public static final String RUNS = "runs";
    /** query-results.v1: QueryResult protobuf bytes. */
    public static final String QUERY_RESULTS = "query-results";
    /** qa-predictions.v1: QaEvent protobuf bytes, keyed by run id. */
    public static final String QA_PREDICTIONS = "qa-predictions";
    /** agent-calls.v1: AgentEvent protobuf bytes, keyed by run id. */
    public static final String AGENT_CALLS = "agent-calls";
    /** runs.v1.dlt: poison run events, header "reason". */
    public static final String RUNS_DLT = "runs-dlt";
    /** query-results.v1.dlt: poison query results, header "reason". */
    public static final String QUERY_RESULTS_DLT = "query-results-dlt";
    /** qa-predictions.v1.dlt: poison QA events, header "reason". */
    public static final String QA_PREDICTIONS_DLT = "qa-predictions-dlt";
    /** agent-calls.v1.dlt: poison agent events, header "reason". */
    public static final String AGENT_CALLS_DLT = "agent-calls-dlt";
    /** The dead letter's header that says why. */
    public static final String REASON_HEADER = "reason";

    private EvalChannels() {
    }
}
