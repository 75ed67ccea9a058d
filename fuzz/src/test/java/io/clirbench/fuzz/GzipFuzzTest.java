package io.clirbench.fuzz;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.LineReader;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.io.MaybeGzip;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;

/**
 * The gzip-or-plain opening every reader shares ({@link MaybeGzip}, {@link io.clirbench.core.io.BoundedInflation}):
 * a read of the whole stream documents only {@link IOException} (ZipException, EOFException,
 * {@link io.clirbench.core.io.InflationLimitException}) for a gzip input and nothing for a plain one. Then
 * {@link LineReader}, which turns every problem (bad UTF-8, a long line, a bad gzip) into a recorded problem and throws
 * nothing; {@link LineReader#readAll} likewise.
 */
class GzipFuzzTest {

    @FuzzTest
    void gzip(byte[] data) throws IOException {
        Path file = Fuzz.write(Fuzz.scratch(), "input.gz", data);
        try (InputStream in = MaybeGzip.open(file)) {
            byte[] buf = new byte[8192];
            while (in.read(buf) >= 0) {
                // drain
            }
        } catch (IOException e) {
            if (!Fuzz.isGzipFailure(e, data)) {
                throw e;
            }
        }
        Problems problems = new Problems();
        LineReader.forEachLine(file, problems, (line, text) -> { });
        LineReader.readAll(file, problems);
        try {
            problems.throwIfAny();
        } catch (DatasetFormatException e) {
            // how the readers report what LineReader recorded
        }
    }
}
