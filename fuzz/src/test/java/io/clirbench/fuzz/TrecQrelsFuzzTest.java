package io.clirbench.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.format.trec.TrecQrelsReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * TREC qrels ({@code qid iter docid rel}) through {@link TrecQrelsReader#read} (the fast ASCII parser with its checked
 * fallback) and {@link TrecQrelsReader#readChecked}: both document {@link DatasetFormatException} naming every bad line.
 * A corrupt or oversize gzip may come out as {@link UncheckedIOException}.
 */
class TrecQrelsFuzzTest {

    @FuzzTest
    @DictionaryEntries({" 0 ", " Q0 ", "\\x09", "2147483648", "-1", "\\x0A"})
    void qrels(byte[] data) {
        Path file = Fuzz.write(Fuzz.scratch(), "qrels.txt", data);
        for (int pass = 0; pass < 2; pass++) {
            try {
                if (pass == 0) {
                    TrecQrelsReader.read(file);
                } else {
                    TrecQrelsReader.readChecked(file);
                }
            } catch (DatasetFormatException e) {
                // documented
            } catch (UncheckedIOException e) {
                Fuzz.acceptGzipFailure(e, data);
            }
        }
    }
}
