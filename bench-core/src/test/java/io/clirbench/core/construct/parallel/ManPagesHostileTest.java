package io.clirbench.core.construct.parallel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, hostile man page trees for {@code bench build parallel --format manpages}: each is an error naming the file
 * (before: an OutOfMemoryError for a gzip bomb, U+FFFD in a query for a Latin-1 byte, a document id with a tab), and a
 * symbolic link is not followed.
 */
class ManPagesHostileTest {

    @TempDir
    Path dir;
    Path source;

    private static final String PAGE = ".TH LS 1\n.SH NAME\nls \\- list directory contents\n.SH DESCRIPTION\nList files.\n";

    private static void gzip(Path file, byte[]... parts) throws IOException {
        Files.createDirectories(file.getParent());
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            for (byte[] p : parts) {
                out.write(p);
            }
        }
    }

    @BeforeEach
    void pages() throws IOException {
        source = dir.resolve("man");
        gzip(source.resolve("en/ls.1.gz"), PAGE.getBytes(StandardCharsets.UTF_8));
        gzip(source.resolve("de/ls.1.gz"), PAGE.replace("list directory contents", "Verzeichnisinhalte auflisten")
                .getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aGzipBombIsRefusedWithinItsFirstWindow() throws IOException {
        Path bomb = source.resolve("en/bomb.1.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(bomb))) {
            out.write(PAGE.getBytes(StandardCharsets.UTF_8));
            byte[] zeros = new byte[1 << 20];
            for (int i = 0; i < 64; i++) {
                out.write(zeros); // 64 MiB that deflate to about 64 KiB: ratio 1,000
            }
        }
        assertThatThrownBy(() -> ManPages.read(source)).isInstanceOf(java.io.UncheckedIOException.class)
                .hasMessageStartingWith(bomb + ": not a readable gzipped man page: gzip data inflates to more than 100 times");
    }

    @Test
    void aPageLongerThanTheLimitIsRefused() throws IOException {
        byte[] line = ".\\\" filler text that compresses less than a hundred times 0123456789 abcdefghij\n".getBytes(StandardCharsets.UTF_8);
        byte[] big = new byte[ManPages.MAX_PAGE_BYTES + line.length];
        java.util.Random r = new java.util.Random(1);
        for (int i = 0; i < big.length; i++) {
            big[i] = (byte) ('a' + r.nextInt(26)); // random letters: about 1.7 times smaller deflated
        }
        Path huge = source.resolve("en/huge.1.gz");
        gzip(huge, PAGE.getBytes(StandardCharsets.UTF_8), big);
        assertThatThrownBy(() -> ManPages.read(source)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(huge + ": inflates to more than 16777216 bytes (the page limit)");
    }

    @Test
    void aByteThatIsNotUtf8IsRefusedWithItsOffset() throws IOException {
        Path latin1 = source.resolve("fr/ls.1.gz");
        gzip(latin1, PAGE.replace("list directory contents", "lister le r\u00e9pertoire").getBytes(StandardCharsets.ISO_8859_1));
        // ".TH LS 1\n.SH NAME\n" are lines 1 and 2; "ls \- lister le r" is 17 bytes: 0xE9 is at offset 17 of line 3
        assertThatThrownBy(() -> ManPages.read(source)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(latin1 + " line 3: invalid UTF-8: byte 0xE9 at byte offset 17");
    }

    @Test
    void aPageNameWithATabOrASpaceIsRefusedNamingTheFile() throws IOException {
        Path tab = source.resolve("en/t\tab.1.gz");
        gzip(tab, PAGE.getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> ManPages.read(source)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage(tab + ": the page name 't\\u0009ab.1' has the character U+0009 at offset 1: ids made from it go into TREC "
                        + "and TSV files, where white space or a control character splits a field");
        Files.delete(tab);
        Path space = source.resolve("de/my ls.1.gz");
        gzip(space, PAGE.getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> ManPages.read(source)).hasMessageStartingWith(space + ": the page name 'my ls.1' has the character "
                + "U+0020 at offset 2");
    }

    @Test
    void aSymbolicLinkIsSkippedNotFollowed() throws IOException {
        Path secret = dir.resolve("secret.gz");
        gzip(secret, PAGE.replace("ls \\- list directory contents", "cat \\- secret description").getBytes(StandardCharsets.UTF_8));
        Files.createSymbolicLink(source.resolve("en/cat.1.gz"), secret);
        Files.createSymbolicLink(source.resolve("de/cat.1.gz"), secret);
        assertThat(ManPages.read(source)).extracting(ParallelVersion::family).containsExactly("ls.1", "ls.1");
    }
}
