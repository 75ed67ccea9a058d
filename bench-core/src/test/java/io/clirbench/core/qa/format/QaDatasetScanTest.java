package io.clirbench.core.qa.format;

import static io.clirbench.core.qa.format.QaDatasetReaderTest.FACT;
import static io.clirbench.core.qa.format.QaDatasetReaderTest.record;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.dataset.Problem;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link QaDatasetReader#scan}, the one parallel read of {@code bench qa eval}: results in file order, and for a bad
 * file the problems {@link QaDatasetReader#open} reports, in line order, across the batches that workers handle at once.
 */
class QaDatasetScanTest {

    @TempDir
    Path dir;

    // 200 lines: more than three batches of 64 lines, so problems come from different workers
    private Path dataset(List<byte[]> lines) throws IOException {
        Files.writeString(dir.resolve("dataset.json"), "{\"id\":\"t\",\"kind\":\"qa\",\"languages\":[\"de\",\"en\"]}");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] line : lines) {
            out.write(line);
            out.write('\n');
        }
        Files.write(dir.resolve("instances.jsonl"), out.toByteArray());
        return dir;
    }

    private static List<byte[]> valid(int n) {
        List<byte[]> lines = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            lines.add(record("q" + i, "en", "en", "de", FACT).getBytes(StandardCharsets.UTF_8));
        }
        return lines;
    }

    @Test
    void aValidFileIsHandedOnInFileOrder() throws IOException {
        List<String> seen = new ArrayList<>();
        QaDatasetReader reader = QaDatasetReader.scan(dataset(valid(200)), instance -> instance.id(), seen::add);
        List<String> expected = new ArrayList<>();
        for (int i = 1; i <= 200; i++) {
            expected.add("q" + i);
        }
        assertThat(seen).isEqualTo(expected);
        assertThat(reader.count()).isEqualTo(200);
        assertThat(reader.info().languages()).containsExactly("de", "en");
    }

    @Test
    void problemsComeInLineOrderAsTheSequentialReadReportsThem() throws IOException {
        List<byte[]> lines = valid(200);
        lines.set(2, "{not json".getBytes(StandardCharsets.UTF_8)); // line 3
        lines.set(69, record("q1", "en", "en", "de", FACT).getBytes(StandardCharsets.UTF_8)); // line 70 repeats line 1's id
        byte[] bad = record("q130", "en", "en", "de", FACT).getBytes(StandardCharsets.UTF_8);
        bad[bad.length - 3] = (byte) 0xFF; // line 130: not UTF-8
        lines.set(129, bad);
        lines.set(149, record("q150", "en", "en", "de", "[{\"paragraph_id\":\"p00\",\"sentence_id\":5}]")
                .getBytes(StandardCharsets.UTF_8)); // line 150: sentence 5 of a 2-sentence paragraph
        Path data = dataset(lines);
        List<String> seen = new ArrayList<>();
        DatasetFormatException scanned = catchThrowableOfType(DatasetFormatException.class,
                () -> QaDatasetReader.scan(data, instance -> instance.id(), seen::add));
        DatasetFormatException opened = catchThrowableOfType(DatasetFormatException.class, () -> QaDatasetReader.open(data));

        assertThat(scanned.problems()).isEqualTo(opened.problems());
        List<Problem> p = scanned.problems();
        assertThat(p).extracting(Problem::line).containsExactly(3, 70, 130, 150);
        assertThat(p).allMatch(x -> x.file().equals("instances.jsonl"));
        assertThat(p.get(0).message()).startsWith("malformed JSON");
        assertThat(p.get(1).message()).isEqualTo("duplicate id 'q1' (first on line 1)");
        // the record is ASCII up to the 0xFF put 3 bytes before its end
        int offset = bad.length - 3;
        assertThat(p.get(2).message()).isEqualTo("invalid UTF-8: byte 0xFF at byte offset " + offset);
        assertThat(p.get(3).message()).isEqualTo("supporting_facts[0]: sentence_id 5 is out of range for paragraph 'p00' (2 sentences)");
        // nothing after the first problem is handed on: lines 1 and 2 only
        assertThat(seen).containsExactly("q1", "q2");
    }

    // the reader's own problem (a line past the 1 MiB line limit: the rest is not read) comes after the lines before it,
    // across the reader's 256 KiB arrays
    @Test
    void aLineTooLongIsReportedAfterTheLinesBeforeIt() throws IOException {
        List<byte[]> lines = valid(300);
        lines.set(49, "{not json".getBytes(StandardCharsets.UTF_8)); // line 50
        byte[] huge = new byte[(1 << 20) + 10];
        java.util.Arrays.fill(huge, (byte) 'x');
        lines.set(199, huge); // line 200
        Path data = dataset(lines);
        DatasetFormatException scanned = catchThrowableOfType(DatasetFormatException.class,
                () -> QaDatasetReader.scan(data, instance -> instance.id(), id -> { }));
        DatasetFormatException opened = catchThrowableOfType(DatasetFormatException.class, () -> QaDatasetReader.open(data));

        assertThat(scanned.problems()).isEqualTo(opened.problems());
        assertThat(scanned.problems()).extracting(Problem::line).containsExactly(50, 200);
        assertThat(scanned.problems().get(1).message())
                .isEqualTo("line is longer than 1048576 bytes (the line limit); the rest of the file is not read");
    }

    // issue 45: the fast paths (the byte cursor, the streaming parser) took a backslash-u escape of half a surrogate pair as text
    @Test
    void aLoneSurrogateEscapeIsRefusedOnTheFastPathsAsOnTheFullOne() throws IOException {
        List<byte[]> lines = valid(200);
        lines.set(9, record("q10", "en", "en", "de", FACT).replace("Who?", "Who\\ud800?").getBytes(StandardCharsets.UTF_8));
        lines.set(99, record("q100", "en", "en", "de", FACT).replace("Ada wrote.", "Ada \\udfff wrote.")
                .getBytes(StandardCharsets.UTF_8)); // a sentence text: checked, never decoded, on the byte path
        lines.set(119, record("q120", "en", "en", "de", FACT).replace("Ada wrote.", "Ada \\ud83d\\ude00 wrote.")
                .getBytes(StandardCharsets.UTF_8)); // a whole pair is text
        Path data = dataset(lines);
        DatasetFormatException scanned = catchThrowableOfType(DatasetFormatException.class,
                () -> QaDatasetReader.scan(data, instance -> instance.id(), id -> { }));
        DatasetFormatException opened = catchThrowableOfType(DatasetFormatException.class, () -> QaDatasetReader.open(data));
        assertThat(scanned).isNotNull();
        assertThat(scanned.problems()).isEqualTo(opened.problems());
        assertThat(scanned.problems()).extracting(Problem::toString).containsExactly(
                "instances.jsonl line 10: 'question' has an unpaired surrogate U+D800 at character 3 (a \\u escape of half a"
                        + " pair, not text)",
                "instances.jsonl line 100: 'candidates[0].sentences[0]' has an unpaired surrogate U+DFFF at character 4 (a \\u"
                        + " escape of half a pair, not text)");
    }
}
