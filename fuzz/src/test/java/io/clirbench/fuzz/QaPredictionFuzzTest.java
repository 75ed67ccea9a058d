package io.clirbench.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.qa.format.PredictionReader;
import java.nio.file.Path;

/**
 * A QA prediction file, HotpotQA JSON or XHotpotQA JSON lines (told apart by content), through
 * {@link PredictionReader#read}: documents {@link DatasetFormatException} listing every problem.
 */
class QaPredictionFuzzTest {

    @FuzzTest
    @DictionaryEntries({"\"answer\"", "\"sp\"", "\"id\"", "\"supporting_facts\"", "\"paragraph_id\"", "\"sentence_id\"",
            "\"role\"", "null", "true", "1e400", "\\\\u0000"})
    void predictions(byte[] data) {
        Path file = Fuzz.write(Fuzz.scratch(), "pred.jsonl", data);
        try {
            PredictionReader.read(file);
        } catch (DatasetFormatException e) {
            // documented
        }
    }
}
