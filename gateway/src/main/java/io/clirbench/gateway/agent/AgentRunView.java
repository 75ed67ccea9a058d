package io.clirbench.gateway.agent;

import io.clirbench.core.run.RunState;
import java.util.List;

/**
 * What {@code GET /api/agent-runs/{id}} returns: the run, its live counts, where the time of its calls went, and
 * its MCP URL template.
 */
public record AgentRunView(String id, String task, String taskLocation, String configuration, String retriever, int k,
                           int snippetTokens, int bootstrap, String state, int queries, int calls, int answers,
                           long serveMicros, long publishMicros, long storeMicros, String mcp, List<Question> questions) {

    /** A question of the run: its id, text and language. */
    public record Question(String queryId, String query, String lang) {
    }

    static AgentRunView of(AgentSession s, boolean withQuestions) {
        AgentRunSpec spec = s.spec();
        List<Question> questions = withQuestions
                ? s.questions().values().stream().map(q -> new Question(q.queryId(), q.query(), q.lang())).toList()
                : List.of();
        return new AgentRunView(spec.id(), spec.taskId(), spec.taskLocation(), spec.configuration(), spec.retriever(),
                spec.k(), spec.snippetTokens(), spec.bootstrap(), (s.closed() ? RunState.CLOSED : RunState.OPEN).name(), s.questions().size(),
                s.calls(), s.answers(), s.serveMicros(), s.publishMicros(), s.storeMicros(), "/mcp/" + spec.id() + "/{queryId}", questions);
    }

    /** A closed run from its stored row: its totals, no questions (its task may be gone from disk). */
    static AgentRunView closed(AgentRunSpec spec, AgentRunStore.Totals t) {
        return new AgentRunView(spec.id(), spec.taskId(), spec.taskLocation(), spec.configuration(), spec.retriever(),
                spec.k(), spec.snippetTokens(), spec.bootstrap(), RunState.CLOSED.name(), t.queries(), t.calls(), t.answers(),
                t.serveMicros(), t.publishMicros(), t.storeMicros(), "/mcp/" + spec.id() + "/{queryId}", List.of());
    }
}
