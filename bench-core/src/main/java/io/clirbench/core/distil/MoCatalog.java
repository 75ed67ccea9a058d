package io.clirbench.core.distil;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;

/**
 * A reader of GNU gettext's compiled message catalogues ({@code .mo}): magic {@code 0x950412de} in either byte
 * order, revision, count N, offset of the original-strings table, offset of the translations table; each table
 * holds N (length, offset) pairs of 32-bit integers pointing at NUL-terminated UTF-8 strings (GNU gettext manual,
 * "The Format of GNU MO Files").
 *
 * <p>{@link #pairs} keeps single-form messages with a translation: the header (empty msgid), plural entries
 * (msgid holding a NUL between singular and plural) and empty translations are skipped, and a message context
 * ({@code msgctxt}, separated from the msgid by U+0004) is dropped. Fuzzy entries never reach a {@code .mo}
 * unless built with {@code msgfmt --use-fuzzy}, which the format cannot tell apart.
 */
public final class MoCatalog {

    static final int MAGIC = 0x950412de;

    /**
     * The largest {@code .mo} file read: 64 MiB. Debian's largest catalogues are a few MB; a file past it (a 2.6 GB one
     * once ended in "Required array size too large") is refused before it is read.
     */
    public static final long MAX_FILE_BYTES = 64L << 20;

    /** One message: the English original and its translation. */
    public record Message(String msgid, String msgstr) {
    }

    private MoCatalog() {
    }

    /** Every entry of the catalogue, header and plurals included, in file order. */
    public static List<Message> read(byte[] bytes, String source) {
        if (bytes.length < 28) {
            throw new MoFormatException(source + ": " + bytes.length + " bytes, too short for a .mo header (28)");
        }
        ByteBuffer buf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (buf.getInt(0) != MAGIC) {
            buf.order(ByteOrder.BIG_ENDIAN);
            if (buf.getInt(0) != MAGIC) {
                throw new MoFormatException(source + ": magic 0x" + Integer.toHexString(buf.order(ByteOrder.LITTLE_ENDIAN).getInt(0))
                        + " is not a .mo file's 0x950412de");
            }
        }
        int count = buf.getInt(8);
        int originals = buf.getInt(12);
        int translations = buf.getInt(16);
        if (count < 0 || !fits(originals, 8L * count, bytes.length) || !fits(translations, 8L * count, bytes.length)) {
            throw new MoFormatException(source + ": " + count + " messages with tables at " + originals + " and " + translations
                    + " do not fit in " + bytes.length + " bytes");
        }
        List<Message> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(new Message(string(buf, originals + 8 * i, source, i), string(buf, translations + 8 * i, source, i)));
        }
        return out;
    }

    /**
     * The usable pairs of the {@code .mo} file at {@code file} (see {@link #pairs(byte[], String)}), read only when it is
     * a regular file of at most {@link #MAX_FILE_BYTES}: a symbolic link is refused, not followed (issue 45: a
     * {@code .mo} linked to {@code /dev/zero} ran the reader out of memory), and so is a device, a pipe or a directory.
     */
    public static List<Message> pairs(Path file, String source) throws IOException {
        return pairs(readFile(file, source, MAX_FILE_BYTES, false), source);
    }

    /**
     * The bytes of the {@code .mo} file at {@code file}: a regular file (after following a symbolic link only when
     * {@code followLinks}) of at most {@code maxBytes}, checked before reading and again while reading (a file that grows
     * meanwhile is not read past the limit). Otherwise a {@link MoFormatException} that names {@code source}.
     */
    public static byte[] readFile(Path file, String source, long maxBytes, boolean followLinks) throws IOException {
        LinkOption[] links = followLinks ? new LinkOption[0] : new LinkOption[] {LinkOption.NOFOLLOW_LINKS};
        BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class, links);
        if (attributes.isSymbolicLink()) {
            throw new MoFormatException(source + ": a symbolic link (to " + Files.readSymbolicLink(file)
                    + "), not followed: a catalogue must be a regular file");
        }
        if (!attributes.isRegularFile()) {
            throw new MoFormatException(source + ": not a regular file (" + (attributes.isDirectory() ? "a directory"
                    : "a device, a pipe or a socket") + "): a catalogue must be a regular file");
        }
        if (attributes.size() > maxBytes) {
            throw new MoFormatException(source + ": " + attributes.size() + " bytes, more than the " + maxBytes
                    + "-byte limit of a catalogue; not read");
        }
        try (InputStream in = Files.newInputStream(file, links)) {
            byte[] bytes = in.readNBytes((int) Math.min(maxBytes + 1, Integer.MAX_VALUE - 16));
            if (bytes.length > maxBytes) {
                throw new MoFormatException(source + ": more than the " + maxBytes + "-byte limit of a catalogue"
                        + " (it grew while read); not read further");
            }
            return bytes;
        }
    }

    /** The usable (msgid, msgstr) pairs: no header, no plurals, no empty translation, contexts dropped. */
    public static List<Message> pairs(byte[] bytes, String source) {
        List<Message> out = new ArrayList<>();
        for (Message m : read(bytes, source)) {
            if (m.msgid().isEmpty() || m.msgid().indexOf('\0') >= 0 || m.msgstr().isEmpty()) {
                continue;
            }
            int context = m.msgid().indexOf('\u0004');
            out.add(new Message(context >= 0 ? m.msgid().substring(context + 1) : m.msgid(), m.msgstr()));
        }
        return out;
    }

    private static String string(ByteBuffer buf, int entry, String source, int index) {
        int length = buf.getInt(entry);
        int offset = buf.getInt(entry + 4);
        if (length < 0 || !fits(offset, length, buf.capacity())) {
            throw new MoFormatException(source + ": message " + index + " (length " + length + " at " + offset
                    + ") lies outside the file's " + buf.capacity() + " bytes");
        }
        return new String(buf.array(), offset, length, StandardCharsets.UTF_8);
    }

    private static boolean fits(int offset, long length, int size) {
        return offset >= 0 && offset + length <= size;
    }

    /** A file that is not a well-formed {@code .mo}; the message names the file and the bad value. */
    public static final class MoFormatException extends RuntimeException {
        public MoFormatException(String message) {
            super(message);
        }
    }
}
