package io.clirbench.core.dataset;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The word-at-a-time newline search of {@link LineReader} finds what a byte-by-byte search finds (bytes of every value,
 * '\n' at every offset of a word), and the lines and their bytes ({@link LineReader#forEachLineBytes}) decode to the
 * lines of {@link LineReader#forEachLine}.
 */
class LineReaderNewlineTest {

    @Test
    void theWordSearchFindsTheFirstNewlineLikeAByteSearch() {
        Random random = new Random(5);
        for (int trial = 0; trial < 20_000; trial++) {
            byte[] buf = new byte[random.nextInt(40)];
            for (int i = 0; i < buf.length; i++) {
                buf[i] = random.nextInt(6) == 0 ? (byte) '\n' : (byte) random.nextInt(256);
            }
            int from = buf.length == 0 ? 0 : random.nextInt(buf.length + 1);
            int to = from + random.nextInt(buf.length - from + 1);
            int expected = -1;
            for (int i = from; i < to; i++) {
                if (buf[i] == '\n') {
                    expected = i;
                    break;
                }
            }
            assertThat(LineReader.indexOfNewline(buf, from, to)).isEqualTo(expected);
        }
    }

    @Test
    void linesAsBytesDecodeToTheLines(@TempDir Path dir) throws Exception {
        StringBuilder text = new StringBuilder("\uFEFF");
        Random random = new Random(7);
        for (int line = 0; line < 3_000; line++) {
            int length = random.nextInt(line % 100 == 0 ? 70_000 : 90);
            for (int i = 0; i < length; i++) {
                text.append(random.nextInt(10) == 0 ? "\u0e01\u4e2d" : random.nextInt(30) == 0 ? "\r" : "a");
            }
            text.append(random.nextInt(5) == 0 ? "\r\n" : "\n");
        }
        text.append("last");
        Path file = dir.resolve("lines.txt");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>();
        LineReader.forEachLine(file, new Problems(), (number, line) -> lines.add(number + ":" + line));
        List<String> fromBytes = new ArrayList<>();
        LineReader.forEachLineBytes(file, new Problems(), (number, buf, start, end) ->
                fromBytes.add(number + ":" + LineReader.decodeLine(buf, start, end, "lines.txt", number, new Problems())));
        assertThat(fromBytes).hasSize(3_001).isEqualTo(lines);
        assertThat(lines.get(0)).doesNotStartWith("1:\uFEFF");
    }

    // against a plain split of the text: lines up to 600 KB (several reads of the reader's 256 KiB chunks), many short ones
    // whose ends fall anywhere in a chunk, a BOM on line 1, '\r\n' and bare '\r' (kept inside a line), no final newline
    @Test
    void linesAreTheTextSplitAtNewlines(@TempDir Path dir) throws Exception {
        StringBuilder text = new StringBuilder("\uFEFF");
        Random random = new Random(11);
        for (int line = 0; line < 4_000; line++) {
            int length = line % 500 == 7 ? 300_000 + random.nextInt(300_000) : random.nextInt(400);
            for (int i = 0; i < length; i++) {
                text.append(random.nextInt(8) == 0 ? "\u0e01" : random.nextInt(50) == 0 ? "\r" : "b");
            }
            text.append(random.nextInt(4) == 0 ? "\r\n" : "\n");
        }
        text.append("tail");
        Path file = dir.resolve("split.txt");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        List<String> expected = new ArrayList<>();
        String[] parts = text.substring(1).split("\n", -1);
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i].endsWith("\r") ? parts[i].substring(0, parts[i].length() - 1) : parts[i];
            expected.add((i + 1) + ":" + part);
        }
        List<String> fromBytes = new ArrayList<>();
        Problems problems = new Problems();
        LineReader.forEachLineBytes(file, problems, (number, buf, start, end) ->
                fromBytes.add(number + ":" + new String(buf, start, end - start, StandardCharsets.UTF_8)));
        assertThat(problems.isEmpty()).isTrue();
        assertThat(fromBytes).hasSize(4_001).isEqualTo(expected);
    }
}
