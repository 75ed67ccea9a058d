package io.clirbench.cli.construct;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 45, strict UTF-8 everywhere: a CSV the build commands read ({@code qac.csv}, human scores) that holds an invalid
 * byte ({@code FF}), an overlong '/' ({@code C0 AF}) or an encoded surrogate ({@code ED A0 80}) is refused naming the
 * file, the line and the byte offset of the first byte of each in that line.
 */
class QacCsvTest {

    @TempDir
    Path tmp;

    @ParameterizedTest
    @ValueSource(strings = {"FF", "C0AF", "EDA080"})
    void aCsvThatIsNotUtf8IsRefusedWithLineAndOffset(String hex) throws Exception {
        byte[] bad = java.util.HexFormat.of().parseHex(hex);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.writeBytes("sample_id,human_score\n7,".getBytes(StandardCharsets.UTF_8));
        bytes.writeBytes(bad);
        bytes.writeBytes("\n".getBytes(StandardCharsets.UTF_8));
        Path file = tmp.resolve("scores.csv");
        Files.write(file, bytes.toByteArray());
        // line 2 is `7,` (2 bytes) before the bad sequence
        assertThatThrownBy(() -> QacCsv.read(file, List.of("sample_id"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(String.format(Locale.ROOT, "%s line 2: invalid UTF-8: byte 0x%02X at byte offset 2", file, bad[0] & 0xff));
    }
}
