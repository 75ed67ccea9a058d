package io.clirbench.core.agentic.model;

import java.util.List;
import java.util.Locale;

/**
 * One tool call of an agent.
 *
 * @param tool      the tool name ({@code search}, {@code get_document}, ...)
 * @param arguments the arguments as the agent sent them (JSON text), {@code null} when not recorded
 * @param docids    the document ids the call returned, in order (empty when none or not recorded)
 * @param output    the call's raw output text as recorded, {@code null} when not recorded
 */
public record ToolCall(String tool, String arguments, List<String> docids, String output) {

    public ToolCall {
        docids = List.copyOf(docids);
    }

    /** METRICS.md §5: a search tool is one whose name contains {@code search} or {@code retrieval}. */
    public static boolean isSearchTool(String tool) {
        String t = tool.toLowerCase(Locale.ROOT);
        return t.contains("search") || t.contains("retrieval");
    }

    /** Whether this call is of a search tool. */
    public boolean isSearch() {
        return isSearchTool(tool);
    }
}
