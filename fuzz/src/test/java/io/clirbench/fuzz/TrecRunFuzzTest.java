package io.clirbench.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.clirbench.core.format.trec.IdTable;
import io.clirbench.core.format.trec.RunFormatException;
import io.clirbench.core.format.trec.RunScanner;
import io.clirbench.core.format.trec.TrecRunReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A TREC run file ({@code bench-core format/trec}), read through a file as users give it: first by the fast
 * {@link RunScanner} (which returns false where it does not apply, having thrown nothing), then by
 * {@link TrecRunReader}, which documents {@link RunFormatException} for a malformed line. Both pass on an I/O failure as
 * {@link UncheckedIOException}; for a user's bytes that is accepted only when the file is a corrupt or oversize gzip.
 */
class TrecRunFuzzTest {

    @FuzzTest
    @DictionaryEntries({" Q0 ", "\\x09", "1e308", "NaN", "-Infinity", "0x1p3", "\\x0A"})
    void run(byte[] data) {
        Path file = Fuzz.write(Fuzz.scratch(), "run.txt", data);
        try {
            // small blocks, two workers: many queries across block ends, as in RunScannerTest
            IdTable known = IdTable.indexOf(List.of("d1", "d2", "D3"));
            new RunScanner(file, 2).scan(q -> known, known, 10, list -> { });
        } catch (UncheckedIOException e) {
            Fuzz.acceptGzipFailure(e, data);
        }
        try {
            new TrecRunReader(file).onNotice(n -> { }).forEachQuery(list -> { });
        } catch (RunFormatException e) {
            // documented: file, line and value of the malformed line
        } catch (UncheckedIOException e) {
            Fuzz.acceptGzipFailure(e, data);
        }
    }
}
