package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.cli.dict.DictCommand;
import io.clirbench.cli.retrieval.AlignCommand;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 45, strict UTF-8 everywhere: the JSON files two commands read themselves ({@code bench dict routes --dataset}'s
 * {@code dataset.json}, {@code bench align --card}) refuse an invalid byte ({@code FF}), an overlong '/' ({@code C0 AF})
 * and an encoded surrogate ({@code ED A0 80}) at the first byte of each, naming the file and the byte offset, before
 * anything is done (Jackson reading the file itself took {@code C0 AF} for '/' and {@code ED A0 80} for U+D800).
 */
class StrictCommandInputsTest {

    @TempDir
    Path tmp;

    static Stream<Arguments> bad() {
        return Stream.of(Arguments.of("invalid byte", new byte[] {(byte) 0xFF}),
                Arguments.of("overlong '/'", new byte[] {(byte) 0xC0, (byte) 0xAF}),
                Arguments.of("encoded surrogate", new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}));
    }

    private static byte[] concat(String head, byte[] bad, String tail) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.getBytes(StandardCharsets.UTF_8));
        out.writeBytes(bad);
        out.writeBytes(tail.getBytes(StandardCharsets.UTF_8));
        return out.toByteArray();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bad")
    void dictRoutesRefusesADatasetJsonThatIsNotUtf8(String what, byte[] bad) throws IOException {
        Path dataset = Files.createDirectories(tmp.resolve("ds"));
        // 28 bytes before the bad sequence: dataset.json is read whole, as everywhere, and its offset counts from the start
        Files.write(dataset.resolve("dataset.json"), concat("{\"id\": \"x\",\n \"languages\": [\"", bad, "\"]}\n"));
        String[] r = BenchCommandTest.run(BenchCommand.commandLine(DictCommand.class), "dict", "routes", "--dataset",
                dataset.toString(), "--cache", tmp.resolve("lexicons").toString());
        assertThat(r[1]).isEqualTo(String.format(Locale.ROOT,
                "bench dict routes: dataset.json: invalid UTF-8: byte 0x%02X at byte offset 28%n", bad[0] & 0xff));
        assertThat(r[2]).isEqualTo("1");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("bad")
    void alignRefusesAModelCardThatIsNotUtf8BeforeWritingAnything(String what, byte[] bad) throws IOException {
        Path card = tmp.resolve("card.json");
        // line 2 is ` "name": "` (10 bytes) before the bad sequence
        Files.write(card, concat("{\"id\": \"m\",\n \"name\": \"", bad, "\"}\n"));
        Path out = tmp.resolve("out");
        String[] r = BenchCommandTest.run(BenchCommand.commandLine(AlignCommand.class), "align", "--model", "m", "--pairs",
                "de-en", "--card", card.toString(), "--out", out.toString(), "--cache", tmp.resolve("lexicons").toString(),
                "--state-dir", tmp.resolve("state").toString());
        assertThat(r[1]).isEqualTo(String.format(Locale.ROOT,
                "%s line 2: invalid UTF-8: byte 0x%02X at byte offset 10%n", card, bad[0] & 0xff));
        assertThat(r[2]).isEqualTo("1");
        assertThat(out).doesNotExist();
    }
}
