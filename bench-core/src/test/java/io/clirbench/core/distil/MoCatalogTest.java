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
}
