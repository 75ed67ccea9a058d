package io.clirbench.fuzz;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.clirbench.core.lexicon.DictdReader;
import io.clirbench.core.lexicon.LanguagePair;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A dictd dictionary ({@code bench dict fetch} converts FreeDict's): {@code x.index} then, after {@link Fuzz#SEPARATOR},
 * {@code x.dict.dz} (gzip, dictzip, or plain), read by {@link DictdReader}. Documented: an {@link IOException} whose
 * message names the index or the dictionary (a bad line, a number, an entry past the end, text that is not UTF-8, an
 * inflation limit), or a gzip failure of a gzip dictionary.
 */
class DictdFuzzTest {

    private static final LanguagePair PAIR = new LanguagePair("de", "en");

    @FuzzTest
    @DictionaryEntries({"\\x0A--8<--\\x0A", "\\x09", "00-database-short", "00databaseurl", "Synonyms: ", "see: ",
            "Note: ", "1. ", "<", ">", "{", "}", "[", "]", "(", ")", "\\x22", "~", "//////////", "\\x1f\\x8b\\x08\\x00"})
    void dictionary(byte[] data) {
        List<byte[]> parts = Fuzz.sections(data, 2);
        Path dir = Fuzz.scratch();
        Path index = Fuzz.write(dir, "x.index", parts.get(0));
        byte[] dictBytes = parts.size() > 1 ? parts.get(1) : new byte[0];
        Path dict = Fuzz.write(dir, "x.dict.dz", dictBytes);
        try {
            DictdReader.read(PAIR, index, dict);
        } catch (IOException e) {
            String m = String.valueOf(e.getMessage());
            boolean named = m.startsWith(index.toString()) || m.startsWith(dict.toString()) || m.startsWith("x.dict.dz: ");
            if (!named && !Fuzz.isGzipFailure(e, dictBytes)) {
                throw new IllegalStateException("an undocumented I/O failure: " + e, e);
            }
        }
    }
}
