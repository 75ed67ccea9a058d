package io.clirbench.proto;

import java.util.List;

/**
 * The Kafka topics of clirbench, written once: what each event schema of this module travels on, and the dead-letter
 * topic of each. The gateway publishes with these constants, the local broker creates {@link #ALL}, and the
 * eval-service's SmallRye channels name them in its application.properties (its {@code TopicsConfigTest} checks that
 * they are these).
 */
public final class Topics {

    /** {@code events.v1.RunEvent}: RunStarted, RunCompleted, keyed by run id. */
    public static final String RUNS = "runs.v1";
    /** {@code events.v1.QueryResult}: one per (run, retriever, query), keyed by run id. */
    public static final String QUERY_RESULTS = "query-results.v1";
    /** {@code agent.v1.AgentEvent}: an agent run's calls, keyed by run id. */
    public static final String AGENT_CALLS = "agent-calls.v1";
    /** {@code qa.v1.QaEvent}: a QA run's predictions, keyed by run id. */
    public static final String QA_PREDICTIONS = "qa-predictions.v1";

    /** The suffix of a dead-letter topic: poison events, unchanged, with a {@code reason} header. */
    public static final String DEAD_LETTER_SUFFIX = ".dlt";

    /** The event topics, in the order above. */
    public static final List<String> EVENTS = List.of(RUNS, QUERY_RESULTS, AGENT_CALLS, QA_PREDICTIONS);

    /** Every topic: each event topic followed by its dead-letter topic. */
    public static final List<String> ALL = EVENTS.stream().flatMap(t -> java.util.stream.Stream.of(t, deadLetter(t))).toList();

    private Topics() {
    }

    /** The dead-letter topic of {@code topic}. */
    public static String deadLetter(String topic) {
        return topic + DEAD_LETTER_SUFFIX;
    }
}
