package io.clirbench.cli.agent;

import io.clirbench.core.agentic.format.AgentJson;
import io.clirbench.lexical.LexicalHit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * What the local search tool answers for its hits (the tool of {@link LocalSearchTools} and the one search of
 * {@link OfflineBaselineAgent}): {@code [{docid, score, snippet}]} as one JSON line, and the docids in rank order.
 *
 * @param text   the tool's output
 * @param docids the hits' docids, best first
 */
record SearchToolOutput(String text, List<String> docids) {

    /** The output of {@code hits}, each snippet {@code snippetOf} the hit's docid. */
    static SearchToolOutput of(List<LexicalHit> hits, UnaryOperator<String> snippetOf) {
        List<Map<String, Object>> output = new ArrayList<>();
        List<String> docids = new ArrayList<>();
        for (LexicalHit h : hits) {
            Map<String, Object> hit = new LinkedHashMap<>();
            hit.put("docid", h.docId());
            hit.put("score", h.score());
            hit.put("snippet", snippetOf.apply(h.docId()));
            output.add(hit);
            docids.add(h.docId());
        }
        return new SearchToolOutput(AgentJson.line(output), List.copyOf(docids));
    }
}
