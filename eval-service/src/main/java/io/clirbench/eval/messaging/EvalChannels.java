package io.clirbench.eval.messaging;

/** Messaging channel names (topics in application.properties). */
public final class EvalChannels {

    /** runs.v1: RunEvent (RunStarted or RunCompleted) protobuf bytes. */
    public static final String RUNS = "runs";
    /** query-results.v1: QueryResult protobuf bytes. */
    public static final String QUERY_RESULTS = "query-results";
    /** runs.v1.dlt: poison run events, header "reason". */
    public static final String RUNS_DLT = "runs-dlt";
    /** query-results.v1.dlt: poison query results, header "reason". */
    public static final String QUERY_RESULTS_DLT = "query-results-dlt";
    /** The dead letter's header that says why. */
    public static final String REASON_HEADER = "reason";

    private EvalChannels() {
    }
}
