package io.clirbench.core.dataset;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LineReaderTest {

    @TempDir
    Path dir;

    private List<String> read(Path file, Problems problems) {
        List<String> lines = new ArrayList<>();
        LineReader.forEachLine(file, problems, (n, text) -> lines.add(n + ":" + text));
        return lines;
    }

    @Test
    void stripsBomOnLineOneAndCarriageReturns() {
        Path file = TestFiles.write(dir.resolve("a.txt"), "\uFEFFfirst\r\nsecond\r\n\nlast");
        Problems problems = new Problems();
        assertThat(read(file, problems)).containsExactly("1:first", "2:second", "3:", "4:last");
        assertThat(problems.isEmpty()).isTrue();
    }

    @Test
    void detectsGzipByMagicBytesNotByName() {
        Path file = TestFiles.writeGzip(dir.resolve("no-suffix.txt"), "é\nß\n");
        assertThat(read(file, new Problems())).containsExactly("1:é", "2:ß");
    }

    @Test
    void reportsInvalidUtf8WithFileLineAndByteAndKeepsReading() {
        byte[] bytes = {'o', 'k', '\n', 'a', 'b', (byte) 0xC3, '(', '\n', 'f', 'i', 'n', 'e', '\n'};
        Path file = TestFiles.writeBytes(dir.resolve("corpus.jsonl"), bytes);
        Problems problems = new Problems();
        assertThat(read(file, problems)).containsExactly("1:ok", "3:fine");
        // 0xC3 starts a two-byte sequence, '(' cannot continue it: the error is at byte offset 2
        assertThat(problems.list()).extracting(Problem::toString)
                .containsExactly("corpus.jsonl line 2: invalid UTF-8: byte 0xC3 at byte offset 2");
    }

    @Test
    void readAllDecodesWholeFileStrictly() {
        Path file = TestFiles.writeBytes(dir.resolve("x.json"), new byte[] {'{', (byte) 0xFF, '}'});
        Problems problems = new Problems();
        assertThat(LineReader.readAll(file, problems)).isNull();
        assertThat(problems.list().get(0).toString()).isEqualTo("x.json: invalid UTF-8: byte 0xFF at byte offset 1");
    }

    // the cap counts the bytes as read (a gzip file's inflated bytes), whether or not they fit the file's size
    @Test
    void readAllKeepsToTheCapForPlainAndGzipFiles() {
        String text = "0123456789".repeat(100); // 1,000 bytes, 1,000 chars
        Path plain = TestFiles.write(dir.resolve("plain.txt"), text);
        Path gzip = TestFiles.writeGzip(dir.resolve("packed.txt"), text); // far fewer bytes on disk than inflated
        for (Path file : List.of(plain, gzip)) {
            Problems fits = new Problems();
            assertThat(LineReader.readAll(file, fits, 1_000)).isEqualTo(text);
            assertThat(fits.isEmpty()).isTrue();
            Problems over = new Problems();
            assertThat(LineReader.readAll(file, over, 999)).isNull();
            assertThat(over.list()).extracting(Problem::toString)
                    .containsExactly(file.getFileName() + ": file is larger than 999 bytes (the limit for this file)");
        }
    }
}
