package io.clirbench.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.importer.XquadImporter;
import java.nio.file.Path;
import java.util.List;

/**
 * The XQuAD importer ({@code bench import xquad}): two SQuAD v1.1 files, {@code xquad.en.json} and
 * {@code xquad.de.json}, cut at {@link Fuzz#SEPARATOR}, imported with a sample of one question per language.
 * {@link XquadImporter#read(Path, int, long)} documents {@link DatasetFormatException} for a malformed file or
 * languages that are not aligned, and {@link IllegalArgumentException} when the sample is larger than the files'
 * questions (a file without questions), which {@code bench import xquad} reports as a user error.
 */
class XquadFuzzTest {

    @FuzzTest
    @DictionaryEntries({"\\x0A--8<--\\x0A", "\"data\"", "\"title\"", "\"paragraphs\"", "\"context\"", "\"qas\"", "\"id\"",
            "\"question\"", "\"answers\"", "\"text\"", "\"answer_start\""})
    void xquad(byte[] data) {
        Path dir = Fuzz.scratch();
        List<byte[]> parts = Fuzz.sections(data, 2);
        Fuzz.write(dir, "xquad.en.json", parts.get(0));
        if (parts.size() > 1) {
            Fuzz.write(dir, "xquad.de.json", parts.get(1));
        }
        try {
            XquadImporter.read(dir, 1, XquadImporter.DEFAULT_SEED);
        } catch (DatasetFormatException e) {
            // documented
        } catch (IllegalArgumentException e) {
            // documented for a sample larger than the files' questions (none here: a file without questions);
            // bench import xquad reports it as a user error, naming the count
            if (!e.getMessage().startsWith("questions per language must be between 1 and ")) {
                throw e;
            }
        }
    }
}
