package io.clirbench.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.qa.format.QaDatasetReader;
import java.nio.file.Path;
import java.util.List;

/**
 * A QA dataset directory (XHotpotQA canonical layout, bench-core {@code qa/format}): {@code dataset.json} then
 * {@code instances.jsonl}, cut at {@link Fuzz#SEPARATOR}. {@link QaDatasetReader#open} validates the whole dataset and
 * documents {@link DatasetFormatException} listing every problem; {@link QaDatasetReader#scan} reads it again on the
 * fast (scanner) path, which must fail the same way or not at all.
 */
class QaDatasetFuzzTest {

    @FuzzTest
    @DictionaryEntries({"\\x0A--8<--\\x0A", "\"kind\"", "\"qa\"", "\"candidates\"", "\"supporting_facts\"", "\"paragraph_id\"",
            "\"sentence_id\"", "\"sentences\"", "\"language\"", "\"answer\"", "\"question\"", "\"id\""})
    void qaDataset(byte[] data) {
        Path dir = Fuzz.scratch();
        List<byte[]> parts = Fuzz.sections(data, 2);
        Fuzz.write(dir, "dataset.json", parts.get(0));
        Fuzz.write(dir, "instances.jsonl", parts.size() > 1 ? parts.get(1) : new byte[0]);
        try {
            QaDatasetReader.open(dir);
        } catch (DatasetFormatException e) {
            // documented
        }
        try {
            QaDatasetReader.scan(dir, instance -> instance.id(), id -> { });
        } catch (DatasetFormatException e) {
            // documented
        }
    }
}
