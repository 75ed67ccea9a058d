package io.clirbench.cli.agent;

import io.clirbench.core.agentic.configure.ConfiguredCorpus;
import io.clirbench.core.agentic.format.AgentJson;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.ToolCall;
import io.clirbench.core.model.Document;
import io.clirbench.lexical.LexicalDocument;
import io.clirbench.lexical.LexicalFilter;
import io.clirbench.lexical.LexicalIndex;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The two tools over a task configuration's corpus on this machine, for {@code bench agent llm --task}: {@code search}
 * is the index-service's BM25 ({@link LexicalIndex}, the query analysed in the question's language) returning the top
 * k as {@code [{docid, score, snippet}]} (snippet: the first {@code snippetTokens} whitespace-separated tokens, as the
 * gateway's tool), {@code get_document} a configured document in full; an unknown docid or an empty query is refused
 * as the gateway refuses it. Each call of a question's {@link #session} is recorded as a {@link ToolCall}.
 */
final class LocalSearchTools implements AutoCloseable {

    private final LexicalIndex index;
    private final Map<String, Document> byId = new HashMap<>();
    private final int k;
    private final int snippetTokens;

    LocalSearchTools(AgentTask task, String configuration, int k, int snippetTokens) {
        List<Document> corpus = ConfiguredCorpus.of(task, task.configuration(configuration));
        corpus.forEach(d -> byId.put(d.id(), d));
        this.k = k;
        this.snippetTokens = snippetTokens;
        this.index = LexicalIndex.inMemory(task.id() + "/" + configuration);
        index.index(corpus.stream().map(d -> new LexicalDocument(d.id(), d.lang(), d.family(), d.text())).toList());
    }

    /** The tools for one question in {@code lang}; {@link Session#calls()} holds what was called. */
    Session session(String lang) {
        return new Session(lang);
    }

    /** One question's tools, recording each call. */
    final class Session implements SearchTools {
        private final String lang;
        private final List<ToolCall> calls = new ArrayList<>();

        private Session(String lang) {
            this.lang = lang;
        }

        List<ToolCall> calls() {
            return List.copyOf(calls);
        }

        @Override
        public String search(String query) {
            String arguments = AgentJson.line(Map.of("query", query));
            if (query.isBlank()) {
                calls.add(new ToolCall("search", arguments, List.of(), "error: empty query"));
                throw new ToolError("search: the query is empty");
            }
            SearchToolOutput output = SearchToolOutput.of(index.search(query, lang, k, LexicalFilter.NONE),
                    id -> snippet(byId.get(id).text()));
            calls.add(new ToolCall("search", arguments, output.docids(), output.text()));
            return output.text();
        }

        @Override
        public String getDocument(String docid) {
            String arguments = AgentJson.line(Map.of("docid", docid));
            Document d = byId.get(docid);
            if (d == null) {
                calls.add(new ToolCall("get_document", arguments, List.of(), "error: no document '" + docid + "'"));
                throw new ToolError("get_document: no document '" + docid + "' in the corpus of this configuration");
            }
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("docid", d.id());
            out.put("text", d.text());
            String text = AgentJson.line(out);
            calls.add(new ToolCall("get_document", arguments, List.of(d.id()), text));
            return text;
        }

        @Override
        public void close() {
        }
    }

    private String snippet(String text) {
        String[] tokens = text.strip().split("\\s+");
        return tokens.length <= snippetTokens ? text.strip() : String.join(" ", java.util.Arrays.copyOf(tokens, snippetTokens));
    }

    @Override
    public void close() {
        index.close();
    }
}
