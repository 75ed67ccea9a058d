package io.clirbench.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.clirbench.core.agentic.format.AgentTaskReader;
import io.clirbench.core.dataset.DatasetFormatException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * An agentic task directory ({@code bench agent}, agentic registration), read and validated whole by
 * {@link AgentTaskReader}: the input is cut at {@link Fuzz#SEPARATOR} into {@link #FILES}, in that order (the two
 * configuration names of the seed task; a missing part is a missing file). Documented: {@link DatasetFormatException}
 * listing every problem; an {@link UncheckedIOException} only for a corrupt or oversize gzip part.
 */
class AgentTaskFuzzTest {

    static final List<String> FILES = List.of("dataset.json", "corpus.jsonl", "queries.jsonl", "qrels-evidence.tsv",
            "qrels-gold.tsv", "configurations/cross-lingual/lang_assignment.json",
            "configurations/cross-lingual/query_lang_assignment.json", "configurations/multilingual/lang_assignment.json",
            "configurations/multilingual/configuration.json", "configurations/multilingual/translated.jsonl");

    @FuzzTest
    @DictionaryEntries({"\\x0A--8<--\\x0A", "\"kind\"", "\"agentic\"", "\"languages\"", "\"configurations\"",
            "\"cross-lingual\"", "\"multilingual\"", "\"sourceLanguage\"", "\"resourceGroups\"", "\"_id\"", "\"text\"",
            "\"lang\"", "\"family\"", "\"answer\"", "\"title\"", "\"rule\"", "\"seed\"", "query-id\\x09corpus-id\\x09score",
            "\\x09"})
    void task(byte[] data) {
        Path dir = Fuzz.scratch().resolve("task");
        List<byte[]> parts = Fuzz.sections(data, FILES.size());
        for (int i = 0; i < parts.size(); i++) {
            Fuzz.write(dir, FILES.get(i), parts.get(i));
        }
        try {
            AgentTaskReader.read(dir);
        } catch (DatasetFormatException e) {
            // documented
        } catch (UncheckedIOException e) {
            Fuzz.acceptGzipFailure(e, parts.toArray(byte[][]::new));
        }
    }
}
