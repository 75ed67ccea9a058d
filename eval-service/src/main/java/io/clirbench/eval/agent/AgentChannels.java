package io.clirbench.eval.agent;

/** Messaging channel names of agent runs (topics in application.properties). */
public final class AgentChannels {

    /** agent-calls.v1: AgentEvent protobuf bytes, keyed by run id. */
    public static final String AGENT_CALLS = "agent-calls";
    /** agent-calls.v1.dlt: poison agent events, header "reason". */
    public static final String AGENT_CALLS_DLT = "agent-calls-dlt";

    private AgentChannels() {
    }
}
