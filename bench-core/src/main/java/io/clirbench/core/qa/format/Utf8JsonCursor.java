package io.clirbench.core.qa.format;

import java.nio.charset.StandardCharsets;

/**
 * A cursor over one line of JSON in its UTF-8 bytes, for the fast paths of the QA readers: it reads the members a
 * reader asks for and skips the rest (a skipped string is checked, never decoded), with no tree and no decoding of the
 * line into UTF-16. It accepts only what {@link io.clirbench.core.dataset.JsonValues#MAPPER} (Jackson, strict duplicate
 * detection) accepts from the same line decoded as strict UTF-8, and reads the same values; anything it is not sure of
 * throws {@link NotSure}, and the caller hands the line to the Jackson path, which names the problem. So it may turn
 * down a valid line, never accept a bad one:
 * <ul>
 *   <li>bytes: strict UTF-8 (as the JDK's strict decoder: no overlong forms, no surrogates, nothing past U+10FFFF);
 *       outside strings only the four JSON whitespace bytes and JSON's own ASCII tokens;</li>
 *   <li>strings: no unescaped control character (below U+0020); the escapes {@code \" \\ \/ \b \f \n \r \t \}uXXXX,
 *       decoded as Jackson decodes them; a {@code \}u escape of a surrogate only as half of an escaped pair (half a pair
 *       is left to the Jackson path, where it is an error: {@link io.clirbench.core.io.StrictText});</li>
 *   <li>names: no escape at all, at most {@value #NAME_BYTES} bytes, none repeated in one object (compared as bytes,
 *       which for escape-free UTF-8 is comparing the names);</li>
 *   <li>numbers: JSON's grammar as Jackson's defaults read it (no leading zero, no leading '+', digits after a '.' and
 *       after an exponent), at most {@value #NUMBER_BYTES} bytes; literals {@code true false null};</li>
 *   <li>nesting at most {@value #DEPTH} deep (Jackson's own limit is 1,000).</li>
 * </ul>
 * Hand-written because the speed goal of {@code bench qa eval} (issue 27) is reading the instances at several hundred
 * MB/s on two cores, and the profile showed the decoding into UTF-16 and Jackson's scanning of the sentence texts were
 * half of the time; Jackson stays the parser of record for every line this cursor turns down.
 */
final class Utf8JsonCursor {

    /** The line is not one the cursor is sure of: the caller reads it the Jackson way. No stack trace (it is not rare). */
    static final class NotSure extends RuntimeException {
        private NotSure() {
            super(null, null, false, false);
        }
    }

    static final NotSure NOT_SURE = new NotSure();

    static final int NAME_BYTES = 1_000;
    static final int NUMBER_BYTES = 100;
    static final int DEPTH = 100;

    /*
     * Strict UTF-8 inside a string as a shift-based automaton: a state is a shift (a multiple of 6), and ROWS[byte] holds,
     * at each state's shift, the next state's. ACCEPT is between characters; the others count the continuation bytes still
     * wanted and the range the next one must fall in (E0: A0-BF, no overlong form; ED: 80-9F, no surrogate; F0: 90-BF;
     * F4: 80-8F, nothing past U+10FFFF). STOP: a quote, a backslash or a control character between characters. STOP and ERROR stay put whatever follows.
     */
    private static final int ACCEPT = 0;
    private static final int ONE = 6;
    private static final int TWO = 12;
    private static final int E0 = 18;
    private static final int ED = 24;
    private static final int F0 = 30;
    private static final int THREE = 36;
    private static final int F4 = 42;
    private static final int STOP = 48;
    private static final int ERROR = 54;
    private static final long[] ROWS = rows();

    private static long[] rows() {
        long[] rows = new long[256];
        for (int x = 0; x < 256; x++) {
            int fromAccept = x < 0x20 || x == '"' || x == '\\' ? STOP
                    : x < 0x80 ? ACCEPT
                    : x < 0xC2 ? ERROR
                    : x < 0xE0 ? ONE
                    : x == 0xE0 ? E0
                    : x == 0xED ? ED
                    : x < 0xF0 ? TWO
                    : x == 0xF0 ? F0
                    : x < 0xF4 ? THREE
                    : x == 0xF4 ? F4
                    : ERROR;
            boolean continuation = x >= 0x80 && x <= 0xBF;
            long row = (long) fromAccept << ACCEPT;
            row |= (long) (continuation ? ACCEPT : ERROR) << ONE;
            row |= (long) (continuation ? ONE : ERROR) << TWO;
            row |= (long) (x >= 0xA0 && x <= 0xBF ? ONE : ERROR) << E0;
            row |= (long) (x >= 0x80 && x <= 0x9F ? ONE : ERROR) << ED;
            row |= (long) (x >= 0x90 && x <= 0xBF ? TWO : ERROR) << F0;
            row |= (long) (continuation ? TWO : ERROR) << THREE;
            row |= (long) (x >= 0x80 && x <= 0x8F ? TWO : ERROR) << F4;
            row |= (long) STOP << STOP;
            row |= (long) ERROR << ERROR;
            rows[x] = row;
        }
        return rows;
    }

    private final byte[] b;
    private final int end;
    private int i;

    Utf8JsonCursor(byte[] bytes, int start, int end) {
        this.b = bytes;
        this.i = start;
        this.end = end;
    }

    /** The next byte after whitespace (not consumed), or -1 at the end of the line. */
    int peek() {
        skipWhitespace();
        return i < end ? b[i] & 0xff : -1;
    }

    /** Consumes {@code c} after whitespace, or throws. */
    void expect(char c) {
        if (peek() != c) {
            throw NOT_SURE;
        }
        i++;
    }

    /** Throws unless only whitespace is left. */
    void expectEnd() {
        if (peek() != -1) {
            throw NOT_SURE;
        }
    }

    /** After an object's '{' or an array's '[': consumes {@code close} and says so when the container is empty. */
    boolean empty(char close) {
        if (peek() == close) {
            i++;
            return true;
        }
        return false;
    }

    /** After a member or element: true after a ',' (another follows), false after {@code close}; throws on anything else. */
    boolean more(char close) {
        int c = peek();
        i++;
        if (c == ',') {
            return true;
        }
        if (c == close) {
            return false;
        }
        throw NOT_SURE;
    }

    /**
     * Reads a member's name and its ':'; returns the index of the name in {@code known} (ASCII names), or -1 for another
     * name. {@code names} is the object's record of the names it has seen: a name seen before throws.
     */
    int name(byte[][] known, Names names) {
        expect('"');
        int start = i;
        int stop = scanString(false);
        if (stop < 0) {
            throw NOT_SURE; // an escape in a name
        }
        int length = stop - start;
        if (length > NAME_BYTES) {
            throw NOT_SURE;
        }
        i = stop + 1;
        expect(':');
        int next = names.next; // names usually come in the order they are known in: that one is tried first
        if (next < known.length && equals(known[next], start, length)) {
            names.seenKnown(next);
            return next;
        }
        for (int k = 0; k < known.length; k++) {
            if (equals(known[k], start, length)) {
                names.seenKnown(k);
                return k;
            }
        }
        names.seenOther(b, start, length);
        return -1;
    }

    private boolean equals(byte[] name, int start, int length) {
        if (name.length != length) {
            return false;
        }
        for (int k = 0; k < length; k++) {
            if (b[start + k] != name[k]) {
                return false;
            }
        }
        return true;
    }

    /** A string value, decoded as Jackson decodes it; throws for anything else. */
    String string() {
        expect('"');
        int start = i;
        int stop = scanString(false);
        if (stop >= 0) {
            i = stop + 1;
            return new String(b, start, stop - start, StandardCharsets.UTF_8); // checked UTF-8: the strict decoder's string
        }
        return escapedString(start);
    }

    /** A string or {@code null} (returned as null); throws for anything else. */
    String stringOrNull() {
        if (peek() == 'n') {
            literal(NULL);
            return null;
        }
        return string();
    }

    /** Whether the next value is {@code null} (consumed) rather than something else (not consumed). */
    boolean nullValue() {
        if (peek() == 'n') {
            literal(NULL);
            return true;
        }
        return false;
    }

    /** An integer in 0 .. {@link Integer#MAX_VALUE} written as JSON's plain digits; throws for anything else. */
    int nonNegativeInt() {
        skipWhitespace();
        int start = i;
        long value = 0;
        while (i < end && b[i] >= '0' && b[i] <= '9' && i - start <= 10) {
            value = value * 10 + (b[i] - '0');
            i++;
        }
        int digits = i - start;
        if (digits == 0 || digits > 10 || (digits > 1 && b[start] == '0') || value > Integer.MAX_VALUE) {
            throw NOT_SURE;
        }
        if (i < end && !endsValue(b[i])) {
            throw NOT_SURE; // a fraction or an exponent (a float to Jackson), or anything else
        }
        return (int) value;
    }

    /** An array whose elements {@code element} reads, each from its first byte; throws for anything else. */
    <T> java.util.List<T> array(java.util.function.Function<Utf8JsonCursor, T> element) {
        expect('[');
        java.util.List<T> out = new java.util.ArrayList<>();
        if (empty(']')) {
            return out;
        }
        do {
            out.add(element.apply(this));
        } while (more(']'));
        return out;
    }

    /** The number of elements of an array of strings (each checked, none decoded); throws for anything else. */
    int countStrings() {
        expect('[');
        if (empty(']')) {
            return 0;
        }
        int n = 0;
        do {
            expect('"');
            skipStringBody();
            n++;
        } while (more(']'));
        return n;
    }

    /** Skips one value of any kind, checking it as Jackson would (names in its objects included). */
    void skipValue() {
        skipValue(1);
    }

    private void skipValue(int depth) {
        if (depth > DEPTH) {
            throw NOT_SURE;
        }
        int c = peek();
        switch (c) {
            case '"' -> {
                i++;
                skipStringBody();
            }
            case '{' -> {
                i++;
                if (!empty('}')) {
                    Names names = new Names();
                    do {
                        name(NO_NAMES, names);
                        skipValue(depth + 1);
                    } while (more('}'));
                }
            }
            case '[' -> {
                i++;
                if (!empty(']')) {
                    do {
                        skipValue(depth + 1);
                    } while (more(']'));
                }
            }
            case 't' -> literal(TRUE);
            case 'f' -> literal(FALSE);
            case 'n' -> literal(NULL);
            default -> number();
        }
    }

    private static final byte[][] NO_NAMES = {};

    /** The member names a reader knows, as {@link #name} takes them (ASCII). */
    static byte[][] names(String... names) {
        byte[][] out = new byte[names.length][];
        for (int k = 0; k < names.length; k++) {
            out[k] = names[k].getBytes(StandardCharsets.US_ASCII);
        }
        return out;
    }

    private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};

    private void literal(byte[] word) {
        if (end - i < word.length) {
            throw NOT_SURE;
        }
        for (int k = 0; k < word.length; k++) {
            if (b[i + k] != word[k]) {
                throw NOT_SURE;
            }
        }
        i += word.length;
        if (i < end && !endsValue(b[i])) {
            throw NOT_SURE;
        }
    }

    // -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, then the end of the value
    private void number() {
        int start = i;
        if (i < end && b[i] == '-') {
            i++;
        }
        int intStart = i;
        int intDigits = digits();
        if (intDigits == 0 || (intDigits > 1 && b[intStart] == '0')) {
            throw NOT_SURE;
        }
        if (i < end && b[i] == '.') {
            i++;
            if (digits() == 0) {
                throw NOT_SURE;
            }
        }
        if (i < end && (b[i] == 'e' || b[i] == 'E')) {
            i++;
            if (i < end && (b[i] == '+' || b[i] == '-')) {
                i++;
            }
            if (digits() == 0) {
                throw NOT_SURE;
            }
        }
        if (i - start > NUMBER_BYTES || (i < end && !endsValue(b[i]))) {
            throw NOT_SURE;
        }
    }

    private int digits() {
        int start = i;
        while (i < end && b[i] >= '0' && b[i] <= '9') {
            i++;
        }
        return i - start;
    }

    // what may follow a scalar value: whitespace or the next structural character
    private static boolean endsValue(byte c) {
        return c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\r' || c == '\n';
    }

    private void skipWhitespace() {
        while (i < end) {
            byte c = b[i];
            if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
                return;
            }
            i++;
        }
    }

    // after the opening quote: checks the string through its closing quote, escapes included
    private void skipStringBody() {
        while (true) {
            int stop = scanString(true);
            if (b[stop] == '"') {
                i = stop + 1;
                return;
            }
            i = escape(stop, null);
        }
    }

    /*
     * From i (inside a string): the index of the closing quote, checking UTF-8 and control characters on the way.
     * At a backslash: -1 when escapes are not wanted, else the backslash's index. Throws at a bad byte or the line's end.
     * Does not move i.
     */
    private int scanString(boolean escapes) {
        byte[] b = this.b;
        int end = this.end;
        int k = i;
        long state = ACCEPT; // only its low six bits count: a shift of a long takes only those
        // eight bytes a step while no quote, backslash, control character or bad byte comes (STOP and ERROR stay put)
        while (k + 8 <= end) {
            long next = ROWS[b[k] & 0xff] >>> state;
            next = ROWS[b[k + 1] & 0xff] >>> next;
            next = ROWS[b[k + 2] & 0xff] >>> next;
            next = ROWS[b[k + 3] & 0xff] >>> next;
            next = ROWS[b[k + 4] & 0xff] >>> next;
            next = ROWS[b[k + 5] & 0xff] >>> next;
            next = ROWS[b[k + 6] & 0xff] >>> next;
            next = ROWS[b[k + 7] & 0xff] >>> next;
            if ((next & 63) >= STOP) {
                break; // those eight again, one at a time
            }
            state = next;
            k += 8;
        }
        for (; k < end; k++) {
            int c = b[k];
            state = ROWS[c & 0xff] >>> state;
            int now = (int) state & 63;
            if (now >= STOP) {
                if (now == STOP && c == '"') {
                    return k;
                }
                if (now == STOP && c == '\\') {
                    return escapes ? k : -1;
                }
                throw NOT_SURE; // a control character, or not UTF-8
            }
        }
        throw NOT_SURE;
    }

    // a string with escapes, from its first byte at start (i): decoded piece by piece
    private String escapedString(int start) {
        StringBuilder out = new StringBuilder();
        i = start;
        while (true) {
            int stop = scanString(true);
            out.append(new String(b, i, stop - i, StandardCharsets.UTF_8));
            if (b[stop] == '"') {
                i = stop + 1;
                return out.toString();
            }
            i = escape(stop, out);
        }
    }

    // the escape at k (a backslash), appended to out when there is one; the index after it
    private int escape(int k, StringBuilder out) {
        if (k + 1 >= end) {
            throw NOT_SURE;
        }
        if (b[k + 1] == 'u') {
            int value = unit(k);
            if (value >= 0xD800 && value <= 0xDFFF) {
                // a surrogate is text only as a high one escaped right before a low one; half a pair is left to the Jackson
                // path, which names it (StrictText)
                int low = value <= 0xDBFF && k + 7 < end && b[k + 6] == '\\' && b[k + 7] == 'u' ? unit(k + 6) : -1;
                if (low < 0xDC00 || low > 0xDFFF) {
                    throw NOT_SURE;
                }
                if (out != null) {
                    out.append((char) value).append((char) low);
                }
                return k + 12;
            }
            if (out != null) {
                out.append((char) value);
            }
            return k + 6;
        }
        char c = switch (b[k + 1]) {
            case '"' -> '"';
            case '\\' -> '\\';
            case '/' -> '/';
            case 'b' -> '\b';
            case 'f' -> '\f';
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            default -> throw NOT_SURE;
        };
        if (out != null) {
            out.append(c);
        }
        return k + 2;
    }

    // the UTF-16 unit of the \\uXXXX escape whose backslash is at k
    private int unit(int k) {
        if (k + 5 >= end) {
            throw NOT_SURE;
        }
        int value = 0;
        for (int d = k + 2; d < k + 6; d++) {
            value = (value << 4) | hex(b[d]);
        }
        return value;
    }

    private static int hex(byte c) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        throw NOT_SURE;
    }

    /** The names one object has had so far: a repeated name throws (Jackson's strict duplicate detection). */
    static final class Names {
        private long known;
        private int next; // the known name after the last one seen
        private int[] others; // start, length pairs into the line of names not in the known list
        private int count;

        void seenKnown(int index) {
            long bit = 1L << index;
            if ((known & bit) != 0) {
                throw NOT_SURE;
            }
            known |= bit;
            next = index + 1;
        }

        void seenOther(byte[] line, int start, int length) {
            if (others == null) {
                others = new int[8];
            }
            for (int k = 0; k < count; k++) {
                int s = others[2 * k];
                if (others[2 * k + 1] == length && java.util.Arrays.equals(line, s, s + length, line, start, start + length)) {
                    throw NOT_SURE;
                }
            }
            if (2 * count + 2 > others.length) {
                others = java.util.Arrays.copyOf(others, 2 * others.length);
            }
            others[2 * count] = start;
            others[2 * count + 1] = length;
            count++;
        }
    }
}
