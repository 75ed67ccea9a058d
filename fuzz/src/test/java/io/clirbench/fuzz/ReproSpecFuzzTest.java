package io.clirbench.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.clirbench.core.repro.ReproFormatException;
import io.clirbench.core.repro.ReproSpecReader;
import java.nio.file.Path;

/**
 * A reproduction file ({@code bench repro FILE}, YAML) read by {@link ReproSpecReader}: documented,
 * {@link ReproFormatException} naming the file and the field (a file that is not YAML, or not strict UTF-8, included).
 * The paths it names are resolved, never opened.
 */
class ReproSpecFuzzTest {

    @FuzzTest
    @DictionaryEntries({"name: ", "dataset: ", "runs:", "stack:", "qa:", "agent:", "depth: ", "seed: ", "bootstrap: ",
            "expected:", "run: ", "metric: ", "section: ", "value: ", "tolerance: ", "source: ", "gold: ",
            "predictions:", "protocol: ", "- ", "&a ", "*a", "!!binary ", "? ", "{", "[", "\"\\x5cud800\""})
    void reproSpec(byte[] data) {
        Path file = Fuzz.write(Fuzz.scratch(), "repro.yaml", data);
        try {
            ReproSpecReader.read(file);
        } catch (ReproFormatException e) {
            // documented
        }
    }
}
