package io.clirbench.core.format.trec;

import io.clirbench.core.io.InputLimits;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Splits a TREC run into lines of six whitespace-separated fields, straight from bytes: one
 * large buffer, no line Strings, no split(). A cursor: {@link #next()} moves to the next
 * non-blank line, the accessors read its fields. Blank lines are skipped.
 */
final class RunLineTokenizer {

    static final int QID = 0;
    static final int DOC = 2;
    static final int SCORE = 4;
    private static final int COLUMNS = 6;
    private static final boolean[] SPACE = new boolean[256];

    static {
        for (char c : new char[]{' ', '\t', '\r', '\f', 0x0B}) {
            SPACE[c] = true;
        }
    }

    private final InputStream in;
    private final String fileName;
    private byte[] buf = new byte[1 << 20];
    private int pos;
    private int limit;
    private boolean eof;
    private long lineNumber;
    private final int[] start = new int[COLUMNS];
    private final int[] end = new int[COLUMNS];

    RunLineTokenizer(InputStream in, String fileName) {
        this.in = in;
        this.fileName = fileName;
    }

    /** Moves to the next non-blank line; false at the end of the input. */
    boolean next() {
        return next(false);
    }

    /**
     * Like {@link #next()}, but when {@code qidOnly} only the first field is located and the
     * line is not validated: a cheap pass for checking how queries are grouped.
     */
    boolean next(boolean qidOnly) {
        while (true) {
            int eol = findLineEnd();
            if (eol < 0) {
                return false;
            }
            lineNumber++;
            int lineStart = pos;
            if (eol - lineStart > InputLimits.LINE_BYTES) {
                throw error("line is longer than " + InputLimits.LINE_BYTES + " bytes (the line limit)");
            }
            pos = eol + 1;
            if (qidOnly ? firstField(lineStart, eol) : split(lineStart, eol)) {
                return true;
            }
        }
    }

    /** The 1-based number of the current line. */
    long lineNumber() {
        return lineNumber;
    }

    String fileName() {
        return fileName;
    }

    /** Whether field {@code field} of the current line has exactly the bytes {@code value}. */
    boolean fieldEquals(int field, byte[] value) {
        return Arrays.equals(buf, start[field], end[field], value, 0, value.length);
    }

    byte[] fieldBytes(int field) {
        return Arrays.copyOfRange(buf, start[field], end[field]);
    }

    /**
     * The field as a String. The JDK's decoder replaces malformed UTF-8 with U+FFFD; only then
     * (never for an ASCII id, whose compact string cannot hold U+FFFD) is the field decoded again
     * strictly, so two different malformed ids can never become the same String.
     */
    String field(int field) {
        int from = start[field];
        int to = end[field];
        String text = new String(buf, from, to - from, StandardCharsets.UTF_8);
        return text.indexOf('\uFFFD') < 0 ? text : strictUtf8(from, to);
    }

    private String strictUtf8(int from, int to) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
                    .decode(java.nio.ByteBuffer.wrap(buf, from, to - from)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw error("invalid UTF-8 in '" + InputLimits.shorten(new String(buf, from, to - from, StandardCharsets.UTF_8)) + "'");
        }
    }

    /** The score column, parsed as Double.parseDouble would; finite or a RunFormatException. */
    double score() {
        double value;
        try {
            value = ScoreParser.parse(buf, start[SCORE], end[SCORE]);
        } catch (NumberFormatException e) {
            throw error("unparsable score '" + InputLimits.shorten(field(SCORE)) + "'");
        }
        if (!Double.isFinite(value)) {
            throw error("non-finite score '" + InputLimits.shorten(field(SCORE)) + "'");
        }
        return value;
    }

    RunFormatException error(String message) {
        return new RunFormatException(fileName, lineNumber, message);
    }

    private boolean firstField(int from, int to) {
        int i = from;
        while (i < to && isSpace(buf[i])) {
            i++;
        }
        if (i == to) {
            return false;
        }
        start[QID] = i;
        while (i < to && !isSpace(buf[i])) {
            i++;
        }
        end[QID] = i;
        return true;
    }

    /** Records the fields of buf[from, to); false for a blank line. */
    private boolean split(int from, int to) {
        int count = 0;
        int i = from;
        while (true) {
            while (i < to && isSpace(buf[i])) {
                i++;
            }
            if (i == to) {
                break;
            }
            int fieldStart = i;
            while (i < to && !isSpace(buf[i])) {
                i++;
            }
            if (count < COLUMNS) {
                start[count] = fieldStart;
                end[count] = i;
            }
            count++;
        }
        if (count == 0) {
            return false;
        }
        if (count != COLUMNS) {
            throw error("expected 6 columns (qid Q0 docid rank score tag) but found " + count
                    + ": '" + InputLimits.shorten(new String(buf, from, to - from, StandardCharsets.UTF_8).strip()) + "'");
        }
        return true;
    }

    private static boolean isSpace(byte c) {
        return c <= ' ' && SPACE[c & 0xFF];
    }

    /** The index of the '\n' ending the line at pos (a virtual one at the end of input), or -1. */
    private int findLineEnd() {
        int scanFrom = pos;
        while (true) {
            for (int i = scanFrom; i < limit; i++) {
                if (buf[i] == '\n') {
                    return i;
                }
            }
            if (eof) {
                if (pos < limit) {
                    ensureRoom();
                    buf[limit] = '\n';
                    return limit++;
                }
                return -1;
            }
            if (limit - pos > InputLimits.LINE_BYTES) {
                lineNumber++;
                throw error("line is longer than " + InputLimits.LINE_BYTES + " bytes (the line limit)");
            }
            scanFrom = limit - pos;
            fill();
        }
    }

    /** Moves the unread tail to the front and reads more (growing the buffer for a huge line). */
    private void fill() {
        int tail = limit - pos;
        System.arraycopy(buf, pos, buf, 0, tail);
        pos = 0;
        limit = tail;
        ensureRoom();
        try {
            int n = in.read(buf, limit, buf.length - limit);
            if (n < 0) {
                eof = true;
            } else {
                limit += n;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(fileName + ": " + e.getMessage(), e);
        }
    }

    private void ensureRoom() {
        if (limit == buf.length) {
            buf = Arrays.copyOf(buf, buf.length * 2);
        }
    }
}
