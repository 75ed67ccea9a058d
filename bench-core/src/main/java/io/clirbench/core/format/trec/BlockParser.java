package io.clirbench.core.format.trec;

import io.clirbench.core.io.InputLimits;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/**
 * Parses one block of whole queries of a run file, straight from its bytes: the fields are
 * located, the document id hashed and the score parsed in one pass over each line, with no
 * String but one per query id. The same lines as {@link RunLineTokenizer} accepts: six fields
 * separated by spaces, tabs, CR, FF or VT, blank lines skipped. Anything else (a malformed line,
 * a non-ASCII id) throws {@link RunScanner.FallBack}. One instance per thread.
 */
final class BlockParser {

    /** Pad after the data of a block, so that {@link #fieldEnd} may read a whole word at its end. */
    static final int PAD = 8;
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final boolean[] SPACE = new boolean[256];
    private static final boolean[] END_OF_FIELD = new boolean[256];

    static {
        for (char c : new char[]{' ', '\t', '\r', '\f', 0x0B}) {
            SPACE[c] = true;
            END_OF_FIELD[c] = true;
        }
        END_OF_FIELD['\n'] = true;
    }

    private final ListRanker ranker = new ListRanker();
    private int[] idFrom = new int[1024];
    private int[] idTo = new int[1024];
    private int[] hashes = new int[1024];
    private double[] scores = new double[1024];
    private int docHash; // the hash docIdEnd computed, IdTable.hash of the id
    private long tagWord; // the last line's tag and LF, masked by tagMask (0: none)
    private long tagMask;
    private int tagBytes;

    /** The scanned lists of the queries in {@code b[0, length)}, in file order. */
    List<ScannedList> parse(byte[] b, int length, Function<String, IdTable> targets, IdTable known, int depth) {
        List<ScannedList> lists = new ArrayList<>();
        tagMask = 0; // each block learns its lines' tag afresh
        int qidFrom = -1;
        int qidTo = -1;
        int n = 0;
        int p = 0;
        long qidWord = 0;
        long qidMask = 0;
        while (p < length) {
            int lineStart = p;
            int f0;
            int f0End;
            int i;
            boolean sameQuery = qidMask != 0 && (((long) LONG.get(b, p) ^ qidWord) & qidMask) == 0;
            if (sameQuery) {
                f0 = p; // the line starts with the current query id and a space: the usual line, one comparison
                f0End = p + qidTo - qidFrom;
                i = f0End;
            } else {
                i = skipSpaces(b, p, length);
                if (i == length || b[i] == '\n') {
                    p = i + 1; // blank line
                    continue;
                }
                f0 = i;
                i = fieldEnd(b, i, length);
                f0End = i;
            }
            if (i + 4 < length && b[i] == ' ' && b[i + 1] == 'Q' && b[i + 2] == '0' && b[i + 3] == ' ' && b[i + 4] > ' ') {
                i += 4; // " Q0 " and the document id: the usual second column, without the field search
            } else {
                i = nextField(b, i, length); // the second column
                i = fieldEnd(b, i, length);
                i = nextField(b, i, length);
            }
            // document id, hashed on the way
            int docFrom = i;
            i = docIdEnd(b, i, length);
            int docTo = i;
            int h = docHash;
            i = nextField(b, i, length); // rank, ignored
            i = fieldEnd(b, i, length);
            i = nextField(b, i, length); // score
            int scoreFrom = i;
            i = fieldEnd(b, i, length);
            int scoreTo = i;
            i = nextField(b, i, length); // tag
            if (tagMask != 0 && i + tagBytes <= length && (((long) LONG.get(b, i) ^ tagWord) & tagMask) == 0) {
                i += tagBytes - 1; // the previous line's tag and its line end: the usual line, one comparison
            } else {
                int tagFrom = i;
                i = fieldEnd(b, i, length);
                // the tag and the LF after it in one word, when they fit (0: field by field)
                tagBytes = i - tagFrom + 1;
                tagMask = i >= length || b[i] != '\n' || tagBytes > 8 ? 0 : tagBytes == 8 ? -1L : (1L << (8 * tagBytes)) - 1;
                tagWord = (long) LONG.get(b, tagFrom) & tagMask;
                i = skipSpaces(b, i, length);
                if (i < length && b[i] != '\n') {
                    throw RunScanner.FallBack.INSTANCE; // a seventh column
                }
            }
            if (i - lineStart > InputLimits.LINE_BYTES) {
                throw RunScanner.FallBack.INSTANCE; // over the line limit: the general reader names the line
            }
            p = i + 1;
            if (h == IdTable.NON_ASCII) {
                throw RunScanner.FallBack.INSTANCE; // a non-ASCII document id: the general reader decodes it
            }
            if (!sameQuery && (qidFrom < 0 || !sameBytes(b, f0, f0End, qidFrom, qidTo))) {
                if (qidFrom >= 0) {
                    lists.add(finish(b, qidFrom, qidTo, n, targets, known, depth));
                }
                qidFrom = f0;
                qidTo = f0End;
                n = 0;
                // the id and the space after it in one word, when they fit (0: compare field by field)
                int bytes = qidTo - qidFrom + 1;
                qidMask = bytes > 8 || b[qidTo] != ' ' ? 0 : bytes == 8 ? -1L : (1L << (8 * bytes)) - 1;
                qidWord = (long) LONG.get(b, qidFrom) & qidMask;
            }
            if (n == idFrom.length) {
                grow();
            }
            idFrom[n] = docFrom;
            idTo[n] = docTo;
            hashes[n] = h;
            scores[n] = score(b, scoreFrom, scoreTo);
            n++;
        }
        if (qidFrom >= 0) {
            lists.add(finish(b, qidFrom, qidTo, n, targets, known, depth));
        }
        return lists;
    }

    private ScannedList finish(byte[] b, int qidFrom, int qidTo, int n, Function<String, IdTable> targets,
                               IdTable known, int depth) {
        for (int i = qidFrom; i < qidTo; i++) {
            if (b[i] < 0) {
                throw RunScanner.FallBack.INSTANCE; // a non-ASCII query id: the general reader decodes it
            }
        }
        String queryId = new String(b, qidFrom, qidTo - qidFrom, StandardCharsets.ISO_8859_1);
        return ranker.rank(queryId, b, idFrom, idTo, hashes, scores, n, targets.apply(queryId), known, depth);
    }

    private static double score(byte[] b, int from, int to) {
        double value;
        try {
            value = ScoreParser.parse(b, from, to);
        } catch (NumberFormatException e) {
            throw RunScanner.FallBack.INSTANCE;
        }
        if (!Double.isFinite(value)) {
            throw RunScanner.FallBack.INSTANCE;
        }
        return value;
    }

    /** Skips the spaces after a field; a line that ends first has too few columns. */
    private static int nextField(byte[] b, int i, int length) {
        if (i + 1 < length && b[i] == ' ' && b[i + 1] > ' ') {
            return i + 1; // one space: the usual separator
        }
        i = skipSpaces(b, i, length);
        if (i == length || b[i] == '\n') {
            throw RunScanner.FallBack.INSTANCE;
        }
        return i;
    }

    private static int skipSpaces(byte[] b, int i, int length) {
        while (i < length && isSpace(b[i])) {
            i++;
        }
        return i;
    }

    /**
     * The end of the field at {@code i}: the first space, tab, CR, FF, VT or LF, or {@code length}.
     * Eight bytes at a time: the lowest byte below 0x21 in a word is found with one subtraction
     * (the block has 8 readable bytes past {@code length}).
     */
    private static int fieldEnd(byte[] b, int i, int length) {
        while (i < length) {
            long w = (long) LONG.get(b, i);
            long below = (w - 0x2121212121212121L) & ~w & 0x8080808080808080L;
            if (below == 0) {
                i += 8;
                continue;
            }
            int j = i + lowestByte(below);
            if (j >= length) {
                return length;
            }
            if (END_OF_FIELD[b[j]]) {
                return j;
            }
            i = j + 1; // another control byte: part of the field
        }
        return length;
    }

    /**
     * {@link #fieldEnd} for a document id, hashing its words on the way ({@link IdTable#hash}, left
     * in {@link #docHash}) instead of reading them again. An id with a control byte inside, or one
     * that reaches the block's end, takes the two separate steps.
     */
    private int docIdEnd(byte[] b, int from, int length) {
        long h = 0;
        long high = 0;
        for (int i = from; i + 8 <= length; i += 8) {
            long w = (long) LONG.get(b, i);
            long below = (w - 0x2121212121212121L) & ~w & 0x8080808080808080L;
            if (below != 0) {
                int k = lowestByte(below);
                if (!END_OF_FIELD[b[i + k]]) {
                    break; // a control byte that is part of the id
                }
                long tail = w & ((1L << (8 * k)) - 1); // k = 0: no tail
                docHash = IdTable.finish(h, high | tail, tail, i + k - from);
                return i + k;
            }
            high |= w;
            h = IdTable.step(h, w);
        }
        int end = fieldEnd(b, from, length);
        docHash = IdTable.hashInBlock(b, from, end);
        return end;
    }

    /**
     * The index of the lowest byte whose top bit is set in {@code bits} (which has only top bits
     * set, at least one): {@code Long.numberOfTrailingZeros(bits) >>> 3}, by one multiplication,
     * which C1 (the compiler {@code bench eval --qrels} runs on) does not turn into one instruction
     * for the library method. The lowest bit, 1 &lt;&lt; (8k + 7), shifted to 1 &lt;&lt; 8k, moves the
     * constant's byte 7 - k, whose value is k, to the top byte.
     */
    static int lowestByte(long bits) {
        return (int) ((((bits & -bits) >>> 7) * 0x0001020304050607L) >>> 56);
    }

    /** Whether {@code b[from, to)} equals {@code b[otherFrom, otherTo)} (short fields: a plain loop beats a call). */
    private static boolean sameBytes(byte[] b, int from, int to, int otherFrom, int otherTo) {
        if (to - from != otherTo - otherFrom) {
            return false;
        }
        for (int i = from, j = otherFrom; i < to; i++, j++) {
            if (b[i] != b[j]) {
                return false;
            }
        }
        return true;
    }

    private static boolean isSpace(byte c) {
        return c <= ' ' && c >= 0 && SPACE[c];
    }

    private void grow() {
        int capacity = idFrom.length * 2;
        idFrom = Arrays.copyOf(idFrom, capacity);
        idTo = Arrays.copyOf(idTo, capacity);
        hashes = Arrays.copyOf(hashes, capacity);
        scores = Arrays.copyOf(scores, capacity);
    }
}
