package io.clirbench.core.io;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;

/**
 * Strict text, the one rule every reader of users' files applies (issue 45): bytes are UTF-8 as the JDK's strict decoder
 * reads it (no invalid byte, no overlong form such as {@code C0 AF} for '/', no encoded surrogate such as {@code ED A0 80},
 * nothing past U+10FFFF), and a decoded JSON value has no unpaired surrogate (a {@code "\}ud800" escape, which every JSON
 * parser accepts as one UTF-16 unit). Jackson reading bytes itself does neither check, so JSON from bytes goes through
 * {@link #decode} or {@link #reader} first and its tree through {@link #loneSurrogate(JsonNode)} after.
 */
public final class StrictText {

    private StrictText() {
    }

    /** Bytes that are not strict UTF-8: where (a byte offset from the start of what was decoded) and which byte. */
    public static final class InvalidUtf8Exception extends IOException {
        private final long offset;
        private final int line;
        private final int columnByte;
        private final int value;

        InvalidUtf8Exception(long offset, int line, int columnByte, int value) {
            super(message(line, columnByte, value));
            this.offset = offset;
            this.line = line;
            this.columnByte = columnByte;
            this.value = value;
        }

        private static String message(int line, int columnByte, int value) {
            return (line > 0 ? "line " + line + ": " : "") + describe(value, columnByte);
        }

        /** Bytes from the start of the input to the bad byte. */
        public long offset() {
            return offset;
        }

        /** The bad byte's 1-based line (0 when lines were not counted). */
        public int line() {
            return line;
        }

        /** Bytes from the start of the bad byte's line (or of the input when lines were not counted). */
        public int lineOffset() {
            return columnByte;
        }

        /** The bad byte, 0..255. */
        public int value() {
            return value;
        }

        /** The problem without the line: "invalid UTF-8: byte 0xC0 at byte offset 4". */
        public String problem() {
            return describe(value, columnByte);
        }
    }

    /** "invalid UTF-8: byte 0xC0 at byte offset 4": the wording of every such problem. */
    public static String describe(int value, long offset) {
        return String.format(Locale.ROOT, "invalid UTF-8: byte 0x%02X at byte offset %d", value & 0xff, offset);
    }

    /** A UTF-8 decoder that reports, never replaces, malformed input. */
    public static CharsetDecoder decoder() {
        return StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
    }

    /** {@code buf[start, end)} decoded strictly; the exception's offsets count from {@code start}. */
    public static String decode(byte[] buf, int start, int end) throws InvalidUtf8Exception {
        // the JDK's own decoding (vectorised) gives the strict decoder's string for valid UTF-8 and U+FFFD where the input
        // is not: only a text with a U+FFFD (never an ASCII or Latin-1 one) is decoded again, strictly
        String fast = new String(buf, start, end - start, StandardCharsets.UTF_8);
        if (fast.indexOf('\uFFFD') < 0) {
            return fast;
        }
        CharsetDecoder decoder = decoder();
        ByteBuffer in = ByteBuffer.wrap(buf, start, end - start);
        CharBuffer out = CharBuffer.allocate(end - start); // UTF-8 never yields more UTF-16 units than bytes
        CoderResult result = decoder.decode(in, out, true);
        if (!result.isError()) {
            result = decoder.flush(out);
        }
        if (result.isError()) {
            int offset = in.position() - start;
            throw new InvalidUtf8Exception(offset, 0, offset, buf[in.position()] & 0xff);
        }
        return out.flip().toString();
    }

    /** {@code bytes} decoded strictly, whole. */
    public static String decode(byte[] bytes) throws InvalidUtf8Exception {
        return decode(bytes, 0, bytes.length);
    }

    /**
     * A reader of {@code in} that decodes strictly, in chunks (nothing is buffered beyond them): a bad byte throws
     * {@link InvalidUtf8Exception} naming its line and its byte offset in that line. For parsers (Jackson) that would
     * otherwise decode the bytes themselves, leniently.
     */
    public static Reader reader(InputStream in) {
        return new StrictReader(in);
    }

    /**
     * All of {@code in} decoded strictly through {@link #reader} (and closed): a bad byte throws
     * {@link InvalidUtf8Exception} naming its line and its byte offset in that line, for a message such as
     * {@code file + " " + e.getMessage()}: "repro.yaml line 2: invalid UTF-8: byte 0xC0 at byte offset 9".
     */
    public static String read(InputStream in) throws IOException {
        try (Reader r = reader(in)) {
            StringBuilder out = new StringBuilder();
            char[] buf = new char[8192];
            for (int n; (n = r.read(buf, 0, buf.length)) >= 0; ) {
                out.append(buf, 0, n);
            }
            return out.toString();
        }
    }

    private static final class StrictReader extends Reader {
        private final InputStream in;
        private final CharsetDecoder decoder = decoder();
        private final ByteBuffer bytes = ByteBuffer.allocate(1 << 16).flip();
        private long consumed; // bytes before bytes' position 0
        private int line = 1;
        private long lineStart; // offset of the current line's first byte
        private boolean eof;

        StrictReader(InputStream in) {
            this.in = in;
        }

        @Override
        public int read(char[] cbuf, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            if (pending >= 0) {
                cbuf[off] = (char) pending;
                pending = -1;
                return 1;
            }
            if (len == 1) { // a character past U+FFFF needs two units at once
                char[] two = new char[2];
                int n = read(two, 0, 2);
                if (n == 2) {
                    pending = two[1];
                }
                if (n > 0) {
                    cbuf[off] = two[0];
                    return 1;
                }
                return n;
            }
            CharBuffer out = CharBuffer.wrap(cbuf, off, len);
            while (!done) {
                int before = bytes.position();
                CoderResult result = decoder.decode(bytes, out, eof);
                countLines(before, bytes.position());
                check(result);
                if (out.position() > off) {
                    return out.position() - off;
                }
                if (eof) {
                    check(decoder.flush(out));
                    done = true;
                } else {
                    fill();
                }
            }
            return out.position() > off ? out.position() - off : -1;
        }

        private boolean done;
        private int pending = -1;

        private void fill() throws IOException {
            int keep = bytes.remaining();
            consumed += bytes.position();
            bytes.compact();
            int read = in.read(bytes.array(), keep, bytes.capacity() - keep);
            if (read < 0) {
                eof = true;
                bytes.limit(keep);
            } else {
                bytes.limit(keep + read);
            }
            bytes.position(0);
        }

        private void countLines(int from, int to) {
            byte[] a = bytes.array();
            for (int k = from; k < to; k++) {
                if (a[k] == '\n') {
                    line++;
                    lineStart = consumed + k + 1;
                }
            }
        }

        private void check(CoderResult result) throws InvalidUtf8Exception {
            if (result.isError()) {
                int at = bytes.position();
                long offset = consumed + at;
                throw new InvalidUtf8Exception(offset, line, (int) (offset - lineStart), bytes.get(at) & 0xff);
            }
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }

    /** The index of the first unpaired surrogate in {@code text}, or -1. */
    public static int loneSurrogate(CharSequence text) {
        for (int i = 0, n = text.length(); i < n; i++) {
            char c = text.charAt(i);
            if ((c & 0xF800) != 0xD800) {
                continue;
            }
            if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else {
                return i;
            }
        }
        return -1;
    }

    /** "'title' has an unpaired surrogate U+D800 at character 4" for {@code text} under that name, or null. */
    public static String loneSurrogate(String where, CharSequence text) {
        int at = loneSurrogate(text);
        return at < 0 ? null : String.format(Locale.ROOT, "%s has an unpaired surrogate U+%04X at character %d (a \\u"
                + " escape of half a pair, not text)", where, (int) text.charAt(at), at);
    }

    /**
     * The first unpaired surrogate in any string or member name of {@code node}, described with its place
     * ("'title' has an unpaired surrogate U+D800 at character 4", "'a.b[2]' ..."), or null when there is none.
     */
    public static String loneSurrogate(JsonNode node) {
        return loneSurrogate(node, "");
    }

    private static String loneSurrogate(JsonNode node, String path) {
        if (node == null) {
            return null;
        }
        if (node.isTextual()) {
            return loneSurrogate(path.isEmpty() ? "the value" : "'" + path + "'", node.textValue());
        }
        if (node.isArray()) {
            for (int k = 0; k < node.size(); k++) {
                String found = loneSurrogate(node.get(k), path + "[" + k + "]");
                if (found != null) {
                    return found;
                }
            }
        } else if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                String name = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
                if (loneSurrogate(e.getKey()) >= 0) {
                    return loneSurrogate("the member name" + (path.isEmpty() ? "" : " under '" + path + "'"), e.getKey());
                }
                String found = loneSurrogate(e.getValue(), name);
                if (found != null) {
                    return found;
                }
            }
        }
        return null;
    }

    /**
     * Whether JSON text may hold a {@code \}u escape of a surrogate ({@code \}uD800 to {@code \}uDFFF): a fast path that
     * does not check pairs hands such a text to the path that does. May say yes for text that has none.
     */
    public static boolean maySurrogateEscape(CharSequence json) {
        for (int i = 0, n = json.length() - 5; i < n; i++) {
            if (json.charAt(i) == '\\' && json.charAt(i + 1) == 'u' && (json.charAt(i + 2) | 0x20) == 'd') {
                char c = json.charAt(i + 3);
                if ((c >= '8' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f')) {
                    return true;
                }
            }
        }
        return false;
    }
}
