package io.clirbench.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.qa.importer.HfHotpotImporter;
import io.clirbench.core.qa.importer.HotpotImporter;
import io.clirbench.core.qa.importer.XhotpotHubImporter;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * The QA importers of {@code bench qa import}, each given the same file: HotpotQA official JSON
 * ({@link HotpotImporter}), Hugging Face {@code hotpot_qa} rows ({@link HfHotpotImporter}) and XHotpotQA Hub or
 * canonical JSON lines ({@link XhotpotHubImporter}). Each documents {@link DatasetFormatException} listing every
 * problem; an {@link UncheckedIOException} is accepted only for a corrupt or oversize gzip.
 */
class QaImportFuzzTest {

    @FuzzTest
    @DictionaryEntries({"\"_id\"", "\"question\"", "\"answer\"", "\"supporting_facts\"", "\"context\"", "\"title\"",
            "\"sent_id\"", "\"sentences\"", "\"candidates\"", "\"paragraph_id\"", "\"sentence_index\"", "\"in_bounds\"",
            "\"language_code\"", "\"source_title\"", "[[", "]]"})
    void importers(byte[] data) {
        Path file = Fuzz.write(Fuzz.scratch(), "input.json", data);
        try {
            HotpotImporter.read(file, "en", "dev");
        } catch (DatasetFormatException e) {
            // documented
        } catch (UncheckedIOException e) {
            Fuzz.acceptGzipFailure(e, data);
        }
        try {
            HfHotpotImporter.read(file, "en", "dev");
        } catch (DatasetFormatException e) {
            // documented
        } catch (UncheckedIOException e) {
            Fuzz.acceptGzipFailure(e, data);
        }
        try {
            XhotpotHubImporter.read(file);
        } catch (DatasetFormatException e) {
            // documented
        } catch (UncheckedIOException e) {
            Fuzz.acceptGzipFailure(e, data);
        }
    }
}
