package io.clirbench.cli.agent;

import io.clirbench.core.agentic.configure.ConfiguredCorpus;
import io.clirbench.core.agentic.format.AgentJson;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.AgentTrace;
import io.clirbench.core.agentic.model.CorpusConfiguration;
import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.agentic.model.ToolCall;
import io.clirbench.core.model.Document;
import io.clirbench.lexical.LexicalDocument;
import io.clirbench.lexical.LexicalFilter;
import io.clirbench.lexical.LexicalHit;
import io.clirbench.lexical.LexicalIndex;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The scripted offline agent of the reference runs: one {@code search} with the question over the configured
 * corpus (the index-service's BM25, {@link LexicalIndex}, the query analysed in the question's language), then a
 * final answer that cites the top k and answers nothing ({@code Exact Answer:} empty, {@code Confidence: 0%}).
 * Its evidence recall is the single-search floor of a configuration.
 */
public final class OfflineBaselineAgent {

    static final String MODEL = "bm25-single-search-baseline";
    private static final int SNIPPET = 100;

    private OfflineBaselineAgent() {
    }

    static AgentRun run(AgentTask task, String configurationName, int k) {
        CorpusConfiguration configuration = task.configuration(configurationName);
        List<Document> corpus = ConfiguredCorpus.of(task, configuration);
        Map<String, Document> byId = new HashMap<>();
        corpus.forEach(d -> byId.put(d.id(), d));
        List<AgentTrace> traces = new ArrayList<>();
        try (LexicalIndex index = LexicalIndex.inMemory(task.id() + "/" + configurationName)) {
            index.index(corpus.stream().map(d -> new LexicalDocument(d.id(), d.lang(), d.family(), d.text())).toList());
            for (GroundTruth q : task.queries()) {
                List<LexicalHit> hits = index.search(q.query(), q.lang(), k, LexicalFilter.NONE);
                traces.add(trace(task, configurationName, k, q, hits, byId));
            }
        }
        return new AgentRun(configurationName, MODEL, traces, List.of());
    }

    private static AgentTrace trace(AgentTask task, String configuration, int k, GroundTruth q, List<LexicalHit> hits,
                                    Map<String, Document> byId) {
        SearchToolOutput output = SearchToolOutput.of(hits, id -> snippet(byId.get(id).text()));
        List<String> docids = output.docids();
        String answer = answer(docids);
        Map<String, Object> metadata = new LinkedHashMap<>();
        metadata.put("model", MODEL);
        metadata.put("agent", "bench agent baseline-offline");
        metadata.put("task", task.id());
        metadata.put("configuration", configuration);
        metadata.put("retriever", "bm25 (lexical module: Lucene BM25, per-language analyzers)");
        metadata.put("k", k);
        ToolCall search = new ToolCall("search", AgentJson.line(Map.of("query", q.query())), docids, output.text());
        return new AgentTrace(q.queryId(), AgentTrace.COMPLETED, Map.of("search", 1), docids, List.of(search), answer,
                null, metadata, Map.of());
    }

    /** The scripted final answer: cites every docid the one search returned, answers nothing (shared with the MCP agent). */
    static String answer(List<String> docids) {
        StringBuilder cites = new StringBuilder();
        docids.forEach(d -> cites.append(cites.isEmpty() ? "" : " ").append('[').append(d).append(']'));
        return "Explanation: one BM25 search with the question; its top " + docids.size() + " results: "
                + (cites.isEmpty() ? "none" : cites) + ".\nExact Answer: \nConfidence: 0%";
    }

    private static String snippet(String text) {
        String t = text.strip();
        return t.codePointCount(0, t.length()) <= SNIPPET ? t : t.substring(0, t.offsetByCodePoints(0, SNIPPET));
    }
}
