package io.clirbench.core.agentic.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an agent did for one query: its tool calls and its final answer (a BrowseComp-Plus run file, or the
 * lines of one query in our trace JSONL).
 *
 * @param queryId         the query id
 * @param status          {@code completed} or anything else (BrowseComp-Plus: {@code incomplete}, ...)
 * @param toolCallCounts  calls per tool name, in first-seen order
 * @param retrievedDocids the run file's {@code retrieved_docids} as given (BrowseComp-Plus recall uses these)
 * @param calls           the tool calls in order (empty when the file records none)
 * @param finalAnswer     the final output text; empty when there is none
 * @param source          where it came from (file name), for messages
 * @param metadata        the run file's {@code metadata} object, empty when absent
 * @param usage           the run file's {@code usage} object, empty when absent
 * @param numericDocids   the docids of {@code retrieved_docids} given only as JSON integers (as their text):
 *                        BrowseComp-Plus compares docids as exact strings, so these never match its string qrels
 */
public record AgentTrace(String queryId, String status, Map<String, Integer> toolCallCounts, List<String> retrievedDocids,
                         List<ToolCall> calls, String finalAnswer, String source, Map<String, Object> metadata,
                         Map<String, Object> usage, java.util.Set<String> numericDocids) {

    /** The status of a finished run. */
    public static final String COMPLETED = "completed";

    public AgentTrace {
        toolCallCounts = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(toolCallCounts));
        retrievedDocids = List.copyOf(retrievedDocids);
        calls = List.copyOf(calls);
        finalAnswer = finalAnswer == null ? "" : finalAnswer;
        metadata = metadata == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(metadata));
        usage = usage == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(usage));
        numericDocids = numericDocids == null ? java.util.Set.of() : java.util.Set.copyOf(numericDocids);
    }

    /** A trace whose docids all came as strings. */
    public AgentTrace(String queryId, String status, Map<String, Integer> toolCallCounts, List<String> retrievedDocids,
                      List<ToolCall> calls, String finalAnswer, String source, Map<String, Object> metadata,
                      Map<String, Object> usage) {
        this(queryId, status, toolCallCounts, retrievedDocids, calls, finalAnswer, source, metadata, usage, null);
    }

    /** Whether the agent finished with a final answer: status {@code completed} and a non-empty output text. */
    public boolean answered() {
        return COMPLETED.equals(status) && !finalAnswer.isEmpty();
    }

    /** The calls counted per tool from {@link #calls} (for traces that carry no counts of their own). */
    public static Map<String, Integer> countCalls(List<ToolCall> calls) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        calls.forEach(c -> counts.merge(c.tool(), 1, Integer::sum));
        return counts;
    }
}
