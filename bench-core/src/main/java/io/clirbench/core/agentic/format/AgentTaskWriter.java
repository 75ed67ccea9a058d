package io.clirbench.core.agentic.format;

import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.EvidenceQrels;
import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.dataset.QrelsTsv;
import io.clirbench.core.model.Document;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

/**
 * Writes an agentic task's own files (ARCHITECTURE.md "Agentic task layout"): {@code dataset.json},
 * {@code corpus.jsonl.gz} (Java's gzip header carries no time or name: deterministic), {@code queries.jsonl},
 * {@code qrels-evidence.tsv}, {@code qrels-gold.tsv}. Configurations are written by {@link ConfigurationFiles}.
 */
public final class AgentTaskWriter {

    private AgentTaskWriter() {
    }

    /** Writes the task's files into {@code dir} (created when missing). */
    public static void write(AgentTask task, Path dir) {
        try {
            Files.createDirectories(dir);
            AgentJson.write(dir.resolve(AgentTaskReader.INFO), task.info());
            try (OutputStream raw = Files.newOutputStream(dir.resolve("corpus.jsonl.gz"));
                 Writer out = new BufferedWriter(new OutputStreamWriter(new GZIPOutputStream(raw, 1 << 16), StandardCharsets.UTF_8))) {
                for (Document d : task.corpus()) {
                    out.write(AgentJson.documentLine(d));
                    out.write('\n');
                }
            }
            StringBuilder queries = new StringBuilder();
            for (GroundTruth q : task.queries()) {
                Map<String, Object> line = new LinkedHashMap<>();
                line.put("_id", q.queryId());
                line.put("text", q.query());
                line.put("lang", q.lang());
                line.put("answer", q.answer());
                queries.append(AgentJson.line(line)).append('\n');
            }
            ConfigurationFiles.writeText(dir.resolve("queries.jsonl"), queries.toString());
            ConfigurationFiles.writeText(dir.resolve("qrels-evidence.tsv"), qrels(task.evidence()));
            ConfigurationFiles.writeText(dir.resolve("qrels-gold.tsv"), qrels(task.gold()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write task " + dir + ": " + e.getMessage(), e);
        }
    }

    private static String qrels(EvidenceQrels qrels) {
        StringBuilder out = new StringBuilder(QrelsTsv.HEADER).append('\n');
        for (String q : qrels.queryIds()) {
            for (EvidenceQrels.Line l : qrels.lines(q)) {
                out.append(q).append('\t').append(l.docid()).append('\t').append(l.grade()).append('\n');
            }
        }
        return out.toString();
    }
}
