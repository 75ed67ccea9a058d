package io.clirbench.core.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.agentic.format.BcpRunReader;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.llm.PromptTemplate;
import io.clirbench.core.construct.parallel.ManPages;
import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.lexicon.DictdReader;
import io.clirbench.core.lexicon.LanguagePair;
import io.clirbench.core.lexicon.Lexicon;
import io.clirbench.core.repro.ReproFormatException;
import io.clirbench.core.repro.ReproSpecReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 45, strict UTF-8 everywhere: the readers of users' files outside the dataset, QA and agentic formats refuse an
 * invalid byte ({@code FF}), an overlong form ({@code C0 AF}, '/' in two bytes, which a lenient decoder reads as '/' or
 * U+FFFD) and an encoded surrogate ({@code ED A0 80}, CESU-8's U+D800), naming the file, the line where the format has
 * lines and the byte offset, in {@link StrictText}'s words. The offending byte is the first of each sequence: none of
 * FF, C0 or ED A0 can start a well-formed sequence (Unicode 3.9, table 3-7).
 */
class StrictReadersTest {

    @TempDir
    Path dir;

    static Stream<Arguments> bad() {
        return Stream.of(Arguments.of("invalid byte", new byte[] {(byte) 0xFF}),
                Arguments.of("overlong '/'", new byte[] {(byte) 0xC0, (byte) 0xAF}),
                Arguments.of("encoded surrogate", new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}));
    }

    /** "line 2: invalid UTF-8: byte 0xC0 at byte offset 12" for {@code bad} after {@code offset} bytes of line 2. */
    private static String problem(int line, byte[] bad, long offset) {
        return String.format(Locale.ROOT, "line %d: invalid UTF-8: byte 0x%02X at byte offset %d", line, bad[0] & 0xff, offset);
    }

    private static byte[] concat(String head, byte[] bad, String tail) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.getBytes(StandardCharsets.UTF_8));
        out.writeBytes(bad);
        out.writeBytes(tail.getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    private static void gzip(Path file, byte[] bytes) throws IOException {
        Files.createDirectories(file.getParent());
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(bytes);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bad")
    void bcpRunFilesAreRefusedStrictAndSkippedLenientWithTheOffset(String what, byte[] bad) throws IOException {
        // line 2 is ` "status": "` (12 bytes) before the bad sequence
        Files.write(dir.resolve("run_1.json"), concat("{\"query_id\": \"1\",\n \"status\": \"", bad, "\"}\n"));
        String expected = "run_1.json " + problem(2, bad, 12);
        assertThatThrownBy(() -> BcpRunReader.read(dir, "r", true)).isInstanceOf(DatasetFormatException.class)
                .hasMessage(expected);
        AgentRun lenient = BcpRunReader.read(dir, "r", false);
        assertThat(lenient.skipped()).singleElement().extracting(AgentRun.Skipped::reason)
                .isEqualTo(problem(2, bad, 12).substring("line 2: ".length()));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bad")
    void reproSpecsAreRefusedWithLineAndOffset(String what, byte[] bad) throws IOException {
        Path file = dir.resolve("repro.yaml");
        Files.write(file, concat("name: x\ndataset: \"", bad, "\"\n"));
        assertThatThrownBy(() -> ReproSpecReader.read(file)).isInstanceOf(ReproFormatException.class)
                .hasMessage(file + " " + problem(2, bad, 10));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bad")
    void cachedLexiconsAreRefusedWithLineAndOffset(String what, byte[] bad) throws IOException {
        gzip(dir.resolve(Lexicon.FILE), concat("haus\thouse\nweg\t", bad, "\n"));
        assertThatThrownBy(() -> Lexicon.read(new LanguagePair("de", "en"), dir)).isInstanceOf(IOException.class)
                .hasMessage(dir.resolve(Lexicon.FILE) + " " + problem(2, bad, 4));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bad")
    void dictdIndexesAreRefusedWithLineAndOffset(String what, byte[] bad) throws IOException {
        Path index = dir.resolve("x.index");
        Path dict = dir.resolve("x.dict");
        Files.writeString(dict, "haus\nhouse\n");
        // "A" = 0, "L" = 11: the entry is the whole dict
        Files.write(index, concat("haus\tA\tL\nh", bad, "s\tA\tL\n"));
        assertThatThrownBy(() -> DictdReader.read(new LanguagePair("de", "en"), index, dict)).isInstanceOf(IOException.class)
                .hasMessage(index + " " + problem(2, bad, 1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bad")
    void dictdEntriesAreRefusedWithTheOffsetInTheDictionary(String what, byte[] bad) throws IOException {
        Path index = dir.resolve("x.index");
        Path dict = dir.resolve("x.dict.dz");
        byte[] data = concat("haus\nhouse\nweg\nw", bad, "y\n");
        gzip(dict, data);
        // entries: haus at 0 (11 bytes, "L"), weg at 11 ("L") up to the end; the bad sequence is at 11 + 5 = 16
        String length = String.valueOf("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".charAt(data.length - 11));
        Files.writeString(index, "haus\tA\tL\nweg\tL\t" + length + "\n");
        assertThatThrownBy(() -> DictdReader.read(new LanguagePair("de", "en"), index, dict)).isInstanceOf(IOException.class)
                .hasMessage(String.format(Locale.ROOT, "%s: invalid UTF-8: byte 0x%02X at byte offset 16 (the entry 'weg' of %s line 2)",
                        dict, bad[0] & 0xff, index));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bad")
    void promptTemplatesAreRefusedWithLineAndOffset(String what, byte[] bad) throws IOException {
        Path file = dir.resolve("x.txt");
        Files.write(file, concat("# id: x\n# version: 1\n[user]\nhello ", bad, "\n"));
        assertThatThrownBy(() -> PromptTemplate.load("x.txt", dir)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(file + " " + problem(4, bad, 6));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bad")
    void manPagesAreRefusedWithLineAndOffset(String what, byte[] bad) throws IOException {
        Path page = dir.resolve("de/ls.1.gz");
        gzip(page, concat(".TH LS 1\n.SH NAME\nls \\- Inhalt ", bad, "\n.SH BESCHREIBUNG\nListet.\n"));
        assertThatThrownBy(() -> ManPages.read(dir)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(page + " " + problem(3, bad, 13));
    }
}
