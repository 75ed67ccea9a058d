package io.clirbench.core.distil;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A .mo file written byte by byte here, following the layout of the GNU gettext manual. */
class MoCatalogTest {

    /** Header (28 bytes), originals table, translations table, then the NUL-terminated strings. */
    static byte[] mo(ByteOrder order, String[][] entries) {
        int n = entries.length;
        int originals = 28;
        int translations = originals + 8 * n;
        int offset = translations + 8 * n;
        ByteArrayOutputStream strings = new ByteArrayOutputStream();
        ByteBuffer head = ByteBuffer.allocate(offset).order(order);
        head.putInt(0, MoCatalog.MAGIC).putInt(4, 0).putInt(8, n).putInt(12, originals).putInt(16, translations);
        for (int side = 0; side < 2; side++) {
            for (int i = 0; i < n; i++) {
                byte[] s = entries[i][side].getBytes(StandardCharsets.UTF_8);
                head.putInt((side == 0 ? originals : translations) + 8 * i, s.length);
                head.putInt((side == 0 ? originals : translations) + 8 * i + 4, offset + strings.size());
                strings.writeBytes(s);
                strings.write(0);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(head.array());
        out.writeBytes(strings.toByteArray());
        return out.toByteArray();
    }

    static final String[][] ENTRIES = {
            {"", "Content-Type: text/plain; charset=UTF-8\n"},
            {"file %s not found", "Datei %s nicht gefunden"},
            {"%d file\0%d files", "%d Datei\0%d Dateien"},
            {"menu\u0004&Open", "Ö&ffnen"},
            {"untranslated", ""}};

    @Test
    void readsBothByteOrdersAndKeepsOnlySingleTranslatedMessages() {
        for (ByteOrder order : List.of(ByteOrder.LITTLE_ENDIAN, ByteOrder.BIG_ENDIAN)) {
            byte[] bytes = mo(order, ENTRIES);
            assertThat(MoCatalog.read(bytes, "t.mo")).hasSize(5);
            assertThat(MoCatalog.pairs(bytes, "t.mo")).containsExactly(
                    new MoCatalog.Message("file %s not found", "Datei %s nicht gefunden"),
                    new MoCatalog.Message("&Open", "Ö&ffnen"));
        }
    }

    @Test
    void aWrongMagicOrATableOutsideTheFileNamesTheFile() {
        byte[] bytes = mo(ByteOrder.LITTLE_ENDIAN, ENTRIES);
        bytes[0] = 0;
        assertThatThrownBy(() -> MoCatalog.read(bytes, "de/tar.mo")).hasMessageStartingWith("de/tar.mo: magic 0x");
        byte[] cut = java.util.Arrays.copyOf(mo(ByteOrder.LITTLE_ENDIAN, ENTRIES), 60);
        assertThatThrownBy(() -> MoCatalog.read(cut, "cut.mo")).hasMessageContaining("cut.mo: 5 messages");
    }

    @Test
    void cleaningRemovesConversionsAndAccelerators() {
        assertThat(MessageText.clean("cannot open %1$s: %-10lu bytes (100%%)")).isEqualTo("cannot open : bytes (100 )");
        assertThat(MessageText.clean("&Open  the\tfile %s")).isEqualTo("Open the file");
        assertThat(MessageText.clean("--no_ignore %<PRIuMAX> files")).isEqualTo("--no_ignore files");
    }

    @Test
    void segmentsWordsLowerCaseAndHanByCharacter() {
        assertThat(Segmenter.tokens("Can't open Datei-Name, 3 files!")).containsExactly("can't", "open", "datei", "name", "3", "files");
        assertThat(Segmenter.tokens("无法打开文件 foo.txt")).containsExactly("无", "法", "打", "开", "文", "件", "foo.txt");
    }

    // issue 45: bench distil read each .mo with Files.readAllBytes: a .mo linked to /dev/zero ran out of memory, a 2.6 GB
    // one ended in "Required array size too large"
    @Test
    void aCatalogueFileIsReadOnlyWhenItIsARegularFileWithinTheLimit(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path good = java.nio.file.Files.write(dir.resolve("good.mo"), mo(ByteOrder.LITTLE_ENDIAN, ENTRIES));
        assertThat(MoCatalog.pairs(good, "x.deb:good.mo")).hasSize(2);

        java.nio.file.Path zero = java.nio.file.Files.createSymbolicLink(dir.resolve("zero.mo"), java.nio.file.Path.of("/dev/zero"));
        assertThatThrownBy(() -> MoCatalog.pairs(zero, "x.deb:zero.mo")).isInstanceOf(MoCatalog.MoFormatException.class)
                .hasMessage("x.deb:zero.mo: a symbolic link (to /dev/zero), not followed: a catalogue must be a regular file");
        // asked to follow links, the device behind it is still no catalogue
        assertThatThrownBy(() -> MoCatalog.readFile(zero, "x.deb:zero.mo", MoCatalog.MAX_FILE_BYTES, true))
                .isInstanceOf(MoCatalog.MoFormatException.class)
                .hasMessage("x.deb:zero.mo: not a regular file (a device, a pipe or a socket): a catalogue must be a regular file");
        java.nio.file.Path linked = java.nio.file.Files.createSymbolicLink(dir.resolve("linked.mo"), good);
        assertThatThrownBy(() -> MoCatalog.pairs(linked, "x.deb:linked.mo")).hasMessageContaining("a symbolic link");
        assertThat(MoCatalog.readFile(linked, "x.deb:linked.mo", MoCatalog.MAX_FILE_BYTES, true))
                .isEqualTo(java.nio.file.Files.readAllBytes(good));

        java.nio.file.Path huge = dir.resolve("huge.mo"); // sparse: 2.6 GB long, no disk blocks
        try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(huge.toFile(), "rw")) {
            f.setLength(2_600_000_000L);
        }
        assertThatThrownBy(() -> MoCatalog.pairs(huge, "x.deb:huge.mo")).isInstanceOf(MoCatalog.MoFormatException.class)
                .hasMessage("x.deb:huge.mo: 2600000000 bytes, more than the 67108864-byte limit of a catalogue; not read");
        assertThatThrownBy(() -> MoCatalog.pairs(dir, "x.deb:dir")).hasMessageContaining("not a regular file (a directory)");
    }
}
