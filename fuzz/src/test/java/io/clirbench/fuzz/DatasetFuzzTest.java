package io.clirbench.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.DatasetReader;
import java.nio.file.Path;
import java.util.List;

/**
 * A dataset directory (bench-core {@code dataset}): {@code dataset.json}, {@code corpus.jsonl}, {@code queries.jsonl},
 * {@code qrels.tsv}, one input cut into the four at {@link Fuzz#SEPARATOR} (a missing part is a missing file; a part
 * that starts as gzip is read as gzip, by magic bytes, as the reader does). {@link DatasetReader#read} documents
 * {@link DatasetFormatException} listing every problem, and nothing else.
 */
class DatasetFuzzTest {

    private static final String[] FILES = {"dataset.json", "corpus.jsonl", "queries.jsonl", "qrels.tsv"};

    @FuzzTest
    @DictionaryEntries({"\\x0A--8<--\\x0A", "\"_id\"", "\"lang\"", "\"family\"", "\"text\"", "\"languages\"", "query-id\\x09corpus-id\\x09score\\x0A",
            "\\\\ud800", "\\xEF\\xBB\\xBF", "\"id\"", "\"version\""})
    void dataset(byte[] data) {
        Path dir = Fuzz.scratch();
        List<byte[]> parts = Fuzz.sections(data, FILES.length);
        for (int i = 0; i < parts.size(); i++) {
            Fuzz.write(dir, FILES[i], parts.get(i));
        }
        try {
            DatasetReader.read(dir);
        } catch (DatasetFormatException e) {
            // documented: every problem, named by file, line and value
        }
    }
}
