package io.clirbench.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.clirbench.core.agentic.format.BcpRunReader;
import io.clirbench.core.dataset.DatasetFormatException;
import java.nio.file.Path;
import java.util.List;

/**
 * A BrowseComp-Plus run directory ({@code bench agent eval}, agentic uploads): up to three {@code run_N.json} files,
 * cut at {@link Fuzz#SEPARATOR}, read by {@link BcpRunReader} strictly (documented: {@link DatasetFormatException}
 * listing every problem), leniently (bad files skipped and listed: nothing thrown) and with BrowseComp-Plus's input
 * rules.
 */
class BcpRunFuzzTest {

    @FuzzTest
    @DictionaryEntries({"\\x0A--8<--\\x0A", "\"query_id\"", "\"tool_call_counts\"", "\"status\"", "\"retrieved_docids\"",
            "\"result\"", "\"type\"", "\"output_text\"", "\"tool_call\"", "\"output\"", "\"docid\"", "\"arguments\"",
            "\"metadata\"", "\"usage\"", "\"search\"", "\"completed\""})
    void runDirectory(byte[] data) {
        Path dir = Fuzz.scratch().resolve("run");
        List<byte[]> parts = Fuzz.sections(data, 3);
        for (int i = 0; i < parts.size(); i++) {
            Fuzz.write(dir, "run_" + i + ".json", parts.get(i));
        }
        BcpRunReader.read(dir, "fuzz", false);
        BcpRunReader.read(dir, "fuzz", false, true);
        try {
            BcpRunReader.read(dir, "fuzz", true);
        } catch (DatasetFormatException e) {
            // documented
        }
    }
}
