package io.clirbench.fuzz;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Jazzer writes {@link DictionaryEntries} into a libFuzzer dictionary file as they are, one per line, so an entry with
 * a raw control character or a backslash that is no libFuzzer escape ({@code \\}, {@code \"}, {@code \xAB}) stops
 * fuzzing at its start ("ParseDictionaryFile: error in line 1"): only in fuzzing mode, which CI does not run. Checked
 * here for every fuzz test, in the normal build.
 */
class DictionaryEntriesTest {

    @Test
    void everyEntryIsALibFuzzerDictionaryString() throws Exception {
        List<String> bad = new ArrayList<>();
        for (String name : List.of("AgenticFilesFuzzTest", "AgentTaskFuzzTest", "BcpRunFuzzTest", "DatasetFuzzTest",
                "DictdFuzzTest", "ReproSpecFuzzTest", "../openai/ChatReplyFuzzTest", "GzipFuzzTest",
                "MoCatalogFuzzTest", "QaDatasetFuzzTest", "QaImportFuzzTest", "QaPredictionFuzzTest", "TrecQrelsFuzzTest",
                "TrecRunFuzzTest", "XquadFuzzTest", "../encoders/ModelCardFuzzTest",
                "../gateway/agent/mcp/McpMessageFuzzTest", "../gateway/dataset/ZipUploadFuzzTest",
                "../gateway/dataset/ZipEntriesFuzzTest")) {
            String className = name.startsWith("../") ? "io.clirbench." + name.substring(3).replace('/', '.')
                    : "io.clirbench.fuzz." + name;
            for (Method m : Class.forName(className).getDeclaredMethods()) {
                DictionaryEntries entries = m.getAnnotation(DictionaryEntries.class);
                for (String entry : entries == null ? new String[0] : entries.value()) {
                    if (!valid(entry)) {
                        bad.add(className + ": " + entry);
                    }
                }
            }
        }
        assertEquals(List.of(), bad, "dictionary entries libFuzzer cannot parse");
    }

    private static boolean valid(String entry) {
        for (int i = 0; i < entry.length(); i++) {
            char c = entry.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                return false;
            }
            if (c == '\\') {
                char next = i + 1 < entry.length() ? entry.charAt(i + 1) : 0;
                if (next == '\\' || next == '"') {
                    i++;
                } else if (next == 'x' && i + 3 < entry.length()) {
                    i += 3;
                } else {
                    return false;
                }
            }
        }
        return true;
    }
}
