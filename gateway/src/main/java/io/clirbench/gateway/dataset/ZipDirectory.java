package io.clirbench.gateway.dataset;

import io.clirbench.gateway.error.InvalidField;
import io.clirbench.gateway.error.RequestRejectedException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The central directory of a zip, walked record by record before anything is inflated (APPNOTE
 * 4.3.12, 4.3.16): the entry count is checked as it is counted, so a zip of millions of entries
 * costs no memory; each name must be UTF-8, relative, free of {@code ..} and writable (segments of at most 255 bytes,
 * 1,024 in all); unix symbolic links (mode 0120000 in the external attributes), repeated names ({@code a} and
 * {@code ./a} included) and a file that another entry needs as a directory are refused. A zip without an
 * end-of-central-directory record (cut short) is refused as truncated.
 */
final class ZipDirectory {

    private static final int EOCD_SIG = 0x06054b50;
    private static final int CFH_SIG = 0x02014b50;
    private static final int EOCD_SIZE = 22;
    private static final int CFH_SIZE = 46;
    private static final int UNIX = 3;
    private static final int S_IFMT = 0170000;
    private static final int S_IFLNK = 0120000;
    /** The longest file or directory name (NAME_MAX of Linux file systems); a longer one fails writing, a 500. */
    private static final int MAX_SEGMENT_BYTES = 255;
    /** The longest entry name: far above a dataset's, and below what the upload directory plus it may reach (PATH_MAX). */
    private static final int MAX_NAME_BYTES = 1024;

    private ZipDirectory() {
    }

    /** The entry names in central-directory order, once every check passed. */
    static List<String> check(Path zip, int maxEntries) throws IOException {
        try (FileChannel ch = FileChannel.open(zip, StandardOpenOption.READ)) {
            long size = ch.size();
            long eocd = findEnd(ch, size);
            ByteBuffer end = read(ch, eocd, EOCD_SIZE);
            int total = Short.toUnsignedInt(end.getShort(10));
            long cdSize = Integer.toUnsignedLong(end.getInt(12));
            long cdOffset = Integer.toUnsignedLong(end.getInt(16));
            if (total == 0xFFFF || cdOffset == 0xFFFFFFFFL) {
                throw tooMany("a zip64 archive (over 65,535 entries)", maxEntries);
            }
            if (total > maxEntries) {
                throw tooMany(total + " entries", maxEntries);
            }
            if (cdOffset + cdSize > eocd) {
                throw invalid(null, "the central directory lies outside the archive (truncated or corrupt zip)");
            }
            return entries(ch, cdOffset, eocd, maxEntries);
        }
    }

    private static List<String> entries(FileChannel ch, long from, long to, int maxEntries) throws IOException {
        List<String> names = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        long pos = from;
        while (pos < to) {
            ByteBuffer h = read(ch, pos, Math.min(CFH_SIZE, (int) (to - pos)));
            if (h.limit() < CFH_SIZE || h.getInt(0) != CFH_SIG) {
                break;
            }
            if (names.size() == maxEntries) {
                throw tooMany("more entries than its end record says", maxEntries);
            }
            int madeBy = Short.toUnsignedInt(h.getShort(4)) >>> 8;
            int nameLength = Short.toUnsignedInt(h.getShort(28));
            int extraLength = Short.toUnsignedInt(h.getShort(30));
            int commentLength = Short.toUnsignedInt(h.getShort(32));
            long external = Integer.toUnsignedLong(h.getInt(38));
            if (pos + CFH_SIZE + nameLength > to) {
                throw invalid(null, "a central directory record is cut short (truncated or corrupt zip)");
            }
            String name = name(read(ch, pos + CFH_SIZE, nameLength));
            checkName(name);
            if (madeBy == UNIX && ((external >>> 16) & S_IFMT) == S_IFLNK) {
                throw invalid(name, "is a symbolic link; links are refused");
            }
            String key = key(name);
            if (!seen.add(key)) {
                throw invalid(name, "is in the zip twice (duplicate entry)");
            }
            names.add(name);
            pos += CFH_SIZE + nameLength + extraLength + commentLength;
        }
        if (names.isEmpty()) {
            throw invalid(null, "the zip has no entries");
        }
        refuseFilesAsDirectories(names);
        return names;
    }

    /**
     * The path an entry unpacks to, relative: empty and {@code .} segments dropped, no trailing '/' ({@code ./a/} and
     * {@code a//b} are {@code a} and {@code a/b}), so that two names of one path count as a duplicate.
     */
    private static String key(String name) {
        StringBuilder key = new StringBuilder();
        for (String segment : name.split("/")) {
            if (!segment.isEmpty() && !segment.equals(".")) {
                key.append(key.isEmpty() ? "" : "/").append(segment);
            }
        }
        return key.toString();
    }

    /**
     * A file entry that another entry needs as a directory ({@code a} and {@code a/b}, in either order) cannot be
     * unpacked: refused naming both (issue 45 fuzzing: it failed writing, a 500 naming FileAlreadyExistsException).
     */
    private static void refuseFilesAsDirectories(List<String> names) {
        Set<String> files = new HashSet<>();
        for (String name : names) {
            if (!name.endsWith("/")) {
                files.add(key(name));
            }
        }
        for (String name : names) {
            String key = key(name);
            for (int slash = key.indexOf('/'); slash >= 0; slash = key.indexOf('/', slash + 1)) {
                String parent = key.substring(0, slash);
                if (files.contains(parent)) {
                    throw invalid(name, "needs '" + io.clirbench.core.io.InputLimits.shorten(parent)
                            + "' as a directory, but the zip has a file of that name");
                }
            }
        }
    }

    /** The offset of the end-of-central-directory record, looked for in the last 64 KiB (its comment's maximum). */
    private static long findEnd(FileChannel ch, long size) throws IOException {
        if (size < EOCD_SIZE) {
            throw invalid(null, "not a zip file (" + size + " bytes; truncated?)");
        }
        int tail = (int) Math.min(size, EOCD_SIZE + 0xFFFF);
        ByteBuffer b = read(ch, size - tail, tail);
        for (int i = tail - EOCD_SIZE; i >= 0; i--) {
            if (b.getInt(i) == EOCD_SIG) {
                return size - tail + i;
            }
        }
        throw invalid(null, "not a zip file, or a truncated one (no end of central directory record)");
    }

    private static String name(ByteBuffer bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(bytes).toString();
        } catch (CharacterCodingException e) {
            throw invalid(null, "an entry name is not UTF-8");
        }
    }

    private static void checkName(String name) {
        if (name.isEmpty()) {
            throw invalid(name, "has an empty name");
        }
        if (name.startsWith("/") || name.contains("\\") || name.indexOf(':') >= 0) {
            throw invalid(name, "is an absolute or drive path (only relative names with '/' are accepted)");
        }
        for (int i = 0; i < name.length(); i++) {
            if (name.charAt(i) < 0x20) {
                throw invalid(null, "an entry name holds a control character");
            }
        }
        for (String segment : name.split("/")) {
            if (segment.equals("..")) {
                throw invalid(name, "climbs out of the archive with '..'");
            }
            if (segment.getBytes(StandardCharsets.UTF_8).length > MAX_SEGMENT_BYTES) {
                throw invalid(name, "has a name segment longer than " + MAX_SEGMENT_BYTES + " bytes, more than a file name can be");
            }
        }
        if (name.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
            throw invalid(name, "is longer than " + MAX_NAME_BYTES + " bytes");
        }
        if (key(name).isEmpty()) {
            throw invalid(name, "names no file (only '/' and '.')");
        }
    }

    private static ByteBuffer read(FileChannel ch, long at, int length) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(length).order(ByteOrder.LITTLE_ENDIAN);
        while (b.hasRemaining()) {
            if (ch.read(b, at + b.position()) < 0) {
                break;
            }
        }
        return b.flip();
    }

    static RequestRejectedException invalid(String entry, String why) {
        String detail = entry == null ? "refused zip: " + why : "refused zip: entry '" + io.clirbench.core.io.InputLimits.shorten(entry) + "' " + why;
        return RequestRejectedException.invalid(detail, List.of(new InvalidField("body", entry == null ? null
                : io.clirbench.core.io.InputLimits.shorten(entry), why)));
    }

    private static RequestRejectedException tooMany(String what, int max) {
        return RequestRejectedException.tooLarge("refused zip: " + what + ", more than gateway.upload.max-entries = " + max,
                List.of(new InvalidField("body", null, "more than " + max + " entries")));
    }
}
