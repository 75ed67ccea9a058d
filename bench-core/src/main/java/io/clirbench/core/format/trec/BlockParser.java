package io.clirbench.core.format.trec;

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

    /** The scanned lists of the queries in {@code b[0, length)}, in file order. */
    List<ScannedList> parse(byte[] b, int length, Function<String, IdTable> targets, IdTable known, int depth) {
        List<ScannedList> lists = new ArrayList<>();
        int qidFrom = -1;
        int qidTo = -1;
        int n = 0;
        int p = 0;
        while (p < length) {
            int i = skipSpaces(b, p, length);
            if (i == length || b[i] == '\n') {
                p = i + 1; // blank line
                continue;
            }
            int f0 = i;
            i = fieldEnd(b, i, length);
            int f0End = i;
            i = nextField(b, i, length); // Q0
            i = fieldEnd(b, i, length);
            i = nextField(b, i, length); // document id, hashed on the way
            int docFrom = i;
            int h = 0;
            int bits = 0;
            for (int c; i < length && !isEndOfField(c = b[i]); i++) {
                h = 31 * h + c;
                bits |= c;
            }
            int docTo = i;
            i = nextField(b, i, length); // rank, ignored
            i = fieldEnd(b, i, length);
            i = nextField(b, i, length); // score
            int scoreFrom = i;
            i = fieldEnd(b, i, length);
            int scoreTo = i;
            i = nextField(b, i, length); // tag
            i = fieldEnd(b, i, length);
            i = skipSpaces(b, i, length);
            if (i < length && b[i] != '\n') {
                throw RunScanner.FallBack.INSTANCE; // a seventh column
            }
            p = i + 1;
            if (bits < 0) {
                throw RunScanner.FallBack.INSTANCE; // a non-ASCII document id
            }
            if (qidFrom < 0 || !Arrays.equals(b, f0, f0End, b, qidFrom, qidTo)) {
                if (qidFrom >= 0) {
                    lists.add(finish(b, qidFrom, qidTo, n, targets, known, depth));
                }
                qidFrom = f0;
                qidTo = f0End;
                n = 0;
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

    private static int fieldEnd(byte[] b, int i, int length) {
        while (i < length && !isEndOfField(b[i])) {
            i++;
        }
        return i;
    }

    private static boolean isSpace(byte c) {
        return c <= ' ' && c >= 0 && SPACE[c];
    }

    private static boolean isEndOfField(int c) {
        return c <= ' ' && c >= 0 && END_OF_FIELD[c];
    }

    private void grow() {
        int capacity = idFrom.length * 2;
        idFrom = Arrays.copyOf(idFrom, capacity);
        idTo = Arrays.copyOf(idTo, capacity);
        hashes = Arrays.copyOf(hashes, capacity);
        scores = Arrays.copyOf(scores, capacity);
    }
}
