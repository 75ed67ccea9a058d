package io.clirbench.gateway.agent;

import io.clirbench.gateway.error.RequestRejectedException;

/**
 * The agent tools without a search engine behind them, for the MCP fuzz test: {@code search} answers an empty list
 * and {@code get_document} a fixed document; an empty query or docid is refused as the real tools refuse it, so that
 * the tool-error path runs too.
 */
public class FuzzAgentTools extends AgentTools {

    public FuzzAgentTools() {
        super(null, null, null, null, null);
    }

    @Override
    public String search(String runId, String queryId, String query) {
        if (query == null || query.isBlank()) {
            throw RequestRejectedException.invalid("query is empty", java.util.List.of());
        }
        return "[]";
    }

    @Override
    public String document(String runId, String queryId, String docid) {
        if (docid == null || docid.isBlank()) {
            throw RequestRejectedException.notFound("no document ''");
        }
        return "{\"docid\":\"d1\",\"text\":\"t\"}";
    }
}
