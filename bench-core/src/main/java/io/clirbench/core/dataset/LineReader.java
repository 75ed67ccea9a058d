package io.clirbench.core.dataset;

import io.clirbench.core.io.InflationLimitException;
import io.clirbench.core.io.InputLimits;
import io.clirbench.core.io.MaybeGzip;
import io.clirbench.core.io.StrictText;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * Reads a plain or gzipped text file line by line, decoding each line strictly as UTF-8.
 * Gzip is detected by its magic bytes, not by the file name, so a mislabelled file still reads.
 * Lines end at '\n'; a trailing '\r' and a UTF-8 BOM on line 1 are dropped. A line that is not
 * valid UTF-8 is recorded as a problem (file, line, byte offset) and skipped, so one bad byte
 * does not hide the problems of the rest of the file. A line longer than
 * {@link InputLimits#LINE_BYTES} is a problem too, found before it is buffered: reading stops
 * there, so a gzip of one endless line costs neither memory nor the time to inflate it all. So
 * do more than {@link InputLimits#BLANK_LINES} blank lines in a row (a gzip of blank lines inflates
 * 1,000 times, and its lines are all short); a gzip file also inflates within the limits of
 * {@link io.clirbench.core.io.BoundedInflation}.
 */
public final class LineReader {

    /** Receives each decoded line with its 1-based number. */
    @FunctionalInterface
    public interface LineHandler {
        void line(int number, String text);
    }

    /**
     * Receives each line's bytes, {@code buf[start, end)} (no '\n', no final '\r', no byte-order mark), with its 1-based
     * number; not yet decoded ({@link #decodeLine}). The buffer is reused after the call returns.
     */
    @FunctionalInterface
    public interface BytesHandler {
        void line(int number, byte[] buf, int start, int end);
    }

    /**
     * A {@link BytesHandler} that may keep the bytes it is given: {@link #forEachLineBytes} reads into arrays it asks for
     * ({@link #newChunk}), hands each line on where it lies (a line that spans two reads as a copy of its own), and after
     * the last whole line of an array says so ({@link #chunkDone}) and never touches that array again. So lines need no
     * copying, and the handler may pass arrays to other threads.
     */
    public interface ChunkedHandler extends BytesHandler {
        /** A new array to read into next (of 64 KiB or more). */
        byte[] newChunk();

        /** Every line of {@code chunk} has been handed on; it is the handler's from now on. */
        void chunkDone(byte[] chunk);
    }

    private LineReader() {
    }

    /** Opens the file, transparently decompressing it when it starts with the gzip magic bytes. */
    public static InputStream open(Path file) throws IOException {
        return new BufferedInputStream(MaybeGzip.open(file), 1 << 16);
    }

    /**
     * Calls the handler for every line of the file that decodes as UTF-8; records the others
     * in {@code problems}. The empty remainder after a final '\n' is not a line.
     */
    public static void forEachLine(Path file, Problems problems, LineHandler handler) {
        String name = file.getFileName().toString();
        forEachLineBytes(file, problems, (number, buf, start, end) -> {
            String text = decode(buf, start, end, name, number, problems);
            if (text != null) {
                handler.line(number, text);
            }
        });
    }

    /**
     * {@link #forEachLine}'s lines (same limits, same problems for them) as bytes, not decoded: the handler decodes them
     * ({@link #decodeLine}), on another thread if it likes.
     */
    public static void forEachLineBytes(Path file, Problems problems, BytesHandler handler) {
        String name = file.getFileName().toString();
        ChunkedHandler chunked = handler instanceof ChunkedHandler c ? c : null;
        try (InputStream in = open(file)) {
            byte[] chunk = chunked != null ? chunked.newChunk() : new byte[1 << 18];
            byte[] line = new byte[256]; // a line that spans two reads, put together
            int len = 0;
            int number = 0;
            int blankRun = 0;
            int read;
            while ((read = in.readNBytes(chunk, 0, chunk.length)) > 0) { // whole arrays: batches of many lines, gzip or not
                int start = 0;
                for (int i; (i = indexOfNewline(chunk, start, read)) >= 0; ) {
                    if (tooLong(len + i - start, name, number + 1, problems)) {
                        return;
                    }
                    byte[] buf = chunk; // a line within one read is handed on where it lies
                    int from = start;
                    int to = i;
                    if (len > 0) {
                        line = append(line, len, chunk, start, i);
                        len += i - start;
                        buf = chunked != null ? Arrays.copyOf(line, len) : line;
                        from = 0;
                        to = len;
                    }
                    blankRun = isBlank(buf, from, to) ? blankRun + 1 : 0;
                    if (tooManyBlank(blankRun, name, number + 1, problems)) {
                        return;
                    }
                    emit(++number, buf, from, to, handler);
                    len = 0;
                    start = i + 1;
                }
                if (tooLong(len + read - start, name, number + 1, problems)) {
                    return;
                }
                line = append(line, len, chunk, start, read);
                len += read - start;
                if (chunked != null) {
                    chunked.chunkDone(chunk);
                    chunk = chunked.newChunk();
                }
            }
            if (len > 0) {
                emit(number + 1, chunked != null ? Arrays.copyOf(line, len) : line, 0, len, handler);
            }
        } catch (IOException e) {
            problems.add(file.getFileName().toString(), unreadable(e));
        }
    }

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    /** The first '\n' in {@code buf[from, to)}, or -1; eight bytes at a time (a zero-byte test on the word xor '\n'). */
    static int indexOfNewline(byte[] buf, int from, int to) {
        int i = from;
        for (; i + 8 <= to; i += 8) {
            long w = (long) LONGS.get(buf, i) ^ 0x0A0A0A0A0A0A0A0AL;
            long zero = (w - 0x0101010101010101L) & ~w & 0x8080808080808080L; // its lowest set bit marks the first '\n'
            if (zero != 0) {
                return i + (Long.numberOfTrailingZeros(zero) >>> 3);
            }
        }
        for (; i < to; i++) {
            if (buf[i] == '\n') {
                return i;
            }
        }
        return -1;
    }

    /** Whether a line of {@code length} bytes (so far) passes the cap; if so it is recorded as a problem. */
    private static boolean tooLong(long length, String name, int number, Problems problems) {
        if (length <= InputLimits.LINE_BYTES) {
            return false;
        }
        problems.add(name, number, "line is longer than " + InputLimits.LINE_BYTES
                + " bytes (the line limit); the rest of the file is not read");
        return true;
    }

    /** Whether {@code blankRun} blank lines in a row pass the cap; if not, the last of them is recorded as a problem. */
    private static boolean tooManyBlank(int blankRun, String name, int number, Problems problems) {
        if (blankRun <= InputLimits.BLANK_LINES) {
            return false;
        }
        problems.add(name, number, "more than " + InputLimits.BLANK_LINES
                + " blank lines in a row (the blank-line limit); the rest of the file is not read");
        return true;
    }

    /** Whether {@code buf[from, to)} holds only spaces, tabs and '\r' (or nothing). */
    private static boolean isBlank(byte[] buf, int from, int to) {
        for (int i = from; i < to; i++) {
            if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\r') {
                return false;
            }
        }
        return true;
    }

    /** Appends {@code chunk[from, to)} to the first {@code len} bytes of {@code line}, growing it when needed. */
    private static byte[] append(byte[] line, int len, byte[] chunk, int from, int to) {
        int needed = len + to - from;
        byte[] target = needed > line.length ? Arrays.copyOf(line, Math.max(needed, line.length * 2)) : line;
        System.arraycopy(chunk, from, target, len, to - from);
        return target;
    }

    /**
     * Reads the whole file (plain or gzip) as strict UTF-8, up to {@link InputLimits#DOCUMENT_BYTES};
     * records a problem and returns null when it is not UTF-8 or larger.
     */
    public static String readAll(Path file, Problems problems) {
        return readAll(file, problems, InputLimits.DOCUMENT_BYTES);
    }

    /** As {@link #readAll(Path, Problems)} with a cap of {@code maxBytes} (inflated) bytes, checked while reading. */
    public static String readAll(Path file, Problems problems, long maxBytes) {
        try (InputStream in = open(file)) {
            byte[] bytes = readCapped(in, file, problems, maxBytes);
            if (bytes == null) {
                return null;
            }
            int start = startsWithBom(bytes, bytes.length) ? 3 : 0;
            return decode(bytes, start, bytes.length, file.getFileName().toString(), 0, problems);
        } catch (IOException e) {
            problems.add(file.getFileName().toString(), unreadable(e));
            return null;
        }
    }

    /**
     * The stream's bytes, or null (recording the problem) when there are more than {@code maxBytes}. The file's size sizes
     * the first read (a plain file is read into one array, not into chunks put together afterwards); whatever follows (a
     * gzip file inflates past it) is read as before.
     */
    private static byte[] readCapped(InputStream in, Path file, Problems problems, long maxBytes) throws IOException {
        int cap = (int) Math.min(Integer.MAX_VALUE - 16, maxBytes + 1);
        long size;
        try {
            size = java.nio.file.Files.size(file);
        } catch (IOException e) {
            size = 0;
        }
        byte[] bytes = new byte[(int) Math.min(cap, size)];
        int read = in.readNBytes(bytes, 0, bytes.length);
        if (read < bytes.length) {
            bytes = Arrays.copyOf(bytes, read);
        } else {
            byte[] rest = in.readNBytes(cap - read);
            if (rest.length > 0) {
                byte[] all = Arrays.copyOf(bytes, read + rest.length);
                System.arraycopy(rest, 0, all, read, rest.length);
                bytes = all;
            }
        }
        if (bytes.length > maxBytes) {
            problems.add(file.getFileName().toString(), "file is larger than " + maxBytes + " bytes (the limit for this file)");
            return null;
        }
        return bytes;
    }

    /**
     * As {@link #readAll(Path, Problems)} (the same cap, and the same problems for an unreadable, too large or not UTF-8
     * file), without making the string: the file's bytes after a byte-order mark, or null after a problem.
     */
    public static byte[] readAllBytes(Path file, Problems problems) {
        long maxBytes = InputLimits.DOCUMENT_BYTES;
        try (InputStream in = open(file)) {
            byte[] bytes = readCapped(in, file, problems, maxBytes);
            if (bytes == null) {
                return null;
            }
            int start = startsWithBom(bytes, bytes.length) ? 3 : 0;
            if (!valid(bytes, start, bytes.length, file.getFileName().toString(), problems)) {
                return null;
            }
            return start == 0 ? bytes : java.util.Arrays.copyOfRange(bytes, start, bytes.length);
        } catch (IOException e) {
            problems.add(file.getFileName().toString(), unreadable(e));
            return null;
        }
    }

    // whether buf[start, end) is UTF-8, checked as decode(...) with the strict decoder checks it (same problem), in pieces
    private static boolean valid(byte[] buf, int start, int end, String name, Problems problems) {
        boolean ascii = true;
        for (int i = start; i < end && ascii; i++) {
            ascii = buf[i] >= 0;
        }
        if (ascii) {
            return true;
        }
        CharsetDecoder decoder = StrictText.decoder();
        ByteBuffer in = ByteBuffer.wrap(buf, start, end - start);
        CharBuffer out = CharBuffer.allocate(1 << 14);
        CoderResult result;
        do {
            out.clear();
            result = decoder.decode(in, out, true);
        } while (result.isOverflow());
        if (!result.isError()) {
            do {
                out.clear();
                result = decoder.flush(out);
            } while (result.isOverflow());
        }
        if (result.isError()) {
            problems.add(name, 0, StrictText.describe(buf[in.position()], in.position() - start));
            return false;
        }
        return true;
    }

    /** Why a file could not be read (a corrupt or truncated gzip, a vanished file), without the server's path. */
    static String unreadable(IOException e) {
        if (e instanceof InflationLimitException) {
            return e.getMessage();
        }
        String why = e instanceof java.nio.file.FileSystemException ? e.getClass().getSimpleName() : e.getMessage();
        return "cannot read the file: " + why;
    }

    private static void emit(int number, byte[] buf, int from, int to, BytesHandler handler) {
        int start = number == 1 && to - from >= 3 && bomAt(buf, from) ? from + 3 : from;
        int end = to > start && buf[to - 1] == '\r' ? to - 1 : to;
        handler.line(number, buf, start, end);
    }

    /**
     * Line {@code number}'s text from the bytes {@link #forEachLineBytes} gave, as {@link #forEachLine} decodes it: null,
     * with the same problem recorded, when it is not UTF-8. Any thread.
     */
    public static String decodeLine(byte[] buf, int start, int end, String name, int number, Problems problems) {
        return decode(buf, start, end, name, number, problems);
    }

    private static boolean startsWithBom(byte[] buf, int len) {
        return len >= 3 && bomAt(buf, 0);
    }

    // a UTF-8 byte-order mark at buf[at] (three bytes there)
    private static boolean bomAt(byte[] buf, int at) {
        return (buf[at] & 0xff) == 0xef && (buf[at + 1] & 0xff) == 0xbb && (buf[at + 2] & 0xff) == 0xbf;
    }

    private static String decode(byte[] buf, int start, int end, String name, int number, Problems problems) {
        try {
            return StrictText.decode(buf, start, end);
        } catch (StrictText.InvalidUtf8Exception e) {
            problems.add(name, number, e.problem());
            return null;
        }
    }


}
