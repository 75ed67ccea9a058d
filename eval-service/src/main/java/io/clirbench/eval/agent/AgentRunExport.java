package io.clirbench.eval.agent;

import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.model.AgentTrace;
import io.clirbench.core.agentic.model.ToolCall;
import io.clirbench.proto.agent.v1.AgentAnswer;
import io.clirbench.proto.agent.v1.AgentCall;
import io.clirbench.proto.agent.v1.AgentRunOpened;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * An agent run's events as an {@link AgentRun}: one trace per query that has a call or an answer, its calls in
 * call-index order, status {@code completed} when it was answered ({@code incomplete} otherwise, as
 * BrowseComp-Plus), {@code retrieved_docids} the union of the search calls' docids in first-seen order.
 */
final class AgentRunExport {

    private AgentRunExport() {
    }

    static AgentRun of(AgentRunOpened opened, List<AgentCall> calls, List<AgentAnswer> answers) {
        Map<String, List<AgentCall>> byQuery = new TreeMap<>();
        calls.forEach(c -> byQuery.computeIfAbsent(c.getQueryId(), q -> new ArrayList<>()).add(c));
        Map<String, AgentAnswer> answerOf = new TreeMap<>();
        answers.forEach(a -> answerOf.put(a.getQueryId(), a));
        TreeMap<String, Boolean> queries = new TreeMap<>();
        byQuery.keySet().forEach(q -> queries.put(q, true));
        answerOf.keySet().forEach(q -> queries.put(q, true));
        List<AgentTrace> traces = new ArrayList<>();
        for (String q : queries.keySet()) {
            List<AgentCall> own = new ArrayList<>(byQuery.getOrDefault(q, List.of()));
            own.sort(java.util.Comparator.comparingInt(AgentCall::getCallIndex));
            List<ToolCall> toolCalls = new ArrayList<>();
            LinkedHashSet<String> retrieved = new LinkedHashSet<>();
            for (AgentCall c : own) {
                boolean search = ToolCall.isSearchTool(c.getTool());
                toolCalls.add(new ToolCall(c.getTool(), c.getArgumentsJson(), search ? c.getDocidsList() : List.of(),
                        c.getOutputJson()));
                if (search) {
                    retrieved.addAll(c.getDocidsList());
                }
            }
            AgentAnswer answer = answerOf.get(q);
            traces.add(new AgentTrace(q, answer != null ? AgentTrace.COMPLETED : "incomplete",
                    AgentTrace.countCalls(toolCalls), new ArrayList<>(retrieved), toolCalls,
                    answer == null ? "" : answer.getText(), null, metadata(opened), Map.of()));
        }
        return new AgentRun(opened.getRunId(), opened.getAgent(), traces, List.of());
    }

    private static Map<String, Object> metadata(AgentRunOpened o) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("model", o.getAgent());
        m.put("agent", "clirbench agent run " + o.getRunId());
        m.put("task", o.getTaskId());
        m.put("configuration", o.getConfiguration());
        m.put("retriever", o.getRetriever());
        m.put("k", o.getK());
        m.put("snippet_tokens", o.getSnippetTokens());
        return m;
    }
}
