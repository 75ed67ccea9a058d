package io.clirbench.core.format.trec;

import io.clirbench.core.io.MaybeGzip;
import io.clirbench.core.model.Qrels;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The fast path of {@link TrecQrelsReader}: a qrels file of well-formed ASCII lines parsed from
 * its bytes, with one String per document id and one per run of lines of a query (not one per
 * line and field). It accepts exactly the lines the checking reader accepts and gives the same
 * judgments; for anything else (a bad line, a judgment repeated, a non-ASCII byte or a BOM) it
 * returns null and the checking reader reads the file and reports every problem.
 */
final class AsciiQrelsParser {

    static final boolean[] SPACE = new boolean[128]; // Character.isWhitespace over ASCII

    static {
        for (int c = 0; c < 128; c++) {
            SPACE[c] = Character.isWhitespace(c);
        }
    }

    /** Files larger than this are parsed in two halves on two threads. */
    private static final int SPLIT_ABOVE = 1 << 20;

    private final byte[] b;
    private final int[] from = new int[4];
    private final int[] to = new int[4];

    private AsciiQrelsParser(byte[] b) {
        this.b = b;
    }

    /** The judgments of {@code path}, or null when the file needs the checking reader. */
    static Qrels tryRead(Path path) {
        byte[] bytes;
        try {
            bytes = MaybeGzip.readAllBytes(path);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + path + ": " + e.getMessage(), e);
        }
        JudgmentTable table = JudgmentTable.tryParse(bytes); // the usual file: no String per judgment
        if (table != null) {
            return Qrels.adopt(table);
        }
        Map<String, Map<String, Integer>> judgments = parse(bytes); // e.g. a query whose lines are apart
        return judgments == null ? null : Qrels.adopt(judgments);
    }

    /** Parses the two halves of a large file in parallel and joins them in file order. */
    private static Map<String, Map<String, Integer>> parse(byte[] bytes) {
        if (bytes.length <= SPLIT_ABOVE || Runtime.getRuntime().availableProcessors() < 2) {
            return new AsciiQrelsParser(bytes).parse(0, bytes.length);
        }
        int mid = bytes.length / 2;
        while (mid < bytes.length && bytes[mid - 1] != '\n') {
            mid++;
        }
        int split = mid;
        CompletableFuture<Map<String, Map<String, Integer>>> second =
                CompletableFuture.supplyAsync(() -> new AsciiQrelsParser(bytes).parse(split, bytes.length),
                        command -> Thread.ofPlatform().daemon().name("qrels-parser").start(command));
        Map<String, Map<String, Integer>> first = new AsciiQrelsParser(bytes).parse(0, split);
        Map<String, Map<String, Integer>> rest = second.join();
        if (first == null || rest == null) {
            return null;
        }
        for (Map.Entry<String, Map<String, Integer>> query : rest.entrySet()) {
            Map<String, Integer> judged = first.putIfAbsent(query.getKey(), query.getValue());
            if (judged != null) { // the query's lines go on in the second half
                for (Map.Entry<String, Integer> doc : query.getValue().entrySet()) {
                    if (judged.putIfAbsent(doc.getKey(), doc.getValue()) != null) {
                        return null;
                    }
                }
            }
        }
        return first;
    }

    private Map<String, Map<String, Integer>> parse(int start, int end) {
        Map<String, Map<String, Integer>> judgments = new LinkedHashMap<>();
        Map<String, Integer> current = null;
        int currentFrom = 0;
        int currentTo = -1;
        int p = start;
        while (p < end) {
            int eol = p;
            while (eol < end && b[eol] != '\n') {
                if (b[eol] < 0) {
                    return null; // non-ASCII (or a BOM): the checking reader decodes it
                }
                eol++;
            }
            int fields = split(p, eol);
            p = eol + 1;
            if (fields == 0) {
                continue; // blank line
            }
            if (fields != 4) {
                return null;
            }
            Integer grade = grade(b, from[3], to[3]);
            if (grade == null) {
                return null;
            }
            if (current == null || !Arrays.equals(b, from[0], to[0], b, currentFrom, currentTo)) {
                String queryId = ascii(0);
                current = judgments.computeIfAbsent(queryId, q -> new LinkedHashMap<>());
                currentFrom = from[0];
                currentTo = to[0];
            }
            if (current.putIfAbsent(ascii(2), grade) != null) {
                return null; // judged twice: the checking reader names both lines
            }
        }
        return judgments;
    }

    /** Records up to 4 fields of {@code b[start, end)}; the number of fields (5 means "more than 4"). */
    private int split(int start, int end) {
        int count = 0;
        int i = start;
        while (true) {
            while (i < end && SPACE[b[i]]) {
                i++;
            }
            if (i == end) {
                return count;
            }
            if (count == 4) {
                return 5;
            }
            from[count] = i;
            while (i < end && !SPACE[b[i]]) {
                i++;
            }
            to[count++] = i;
        }
    }

    /** The grade as Integer.valueOf reads it, or null when it is not a 32-bit integer. */
    static Integer grade(byte[] b, int start, int end) {
        int i = start;
        boolean negative = b[i] == '-';
        if (b[i] == '-' || b[i] == '+') {
            i++;
        }
        if (i == end || end - i > 9) {
            return slowGrade(b, start, end);
        }
        int value = 0;
        for (; i < end; i++) {
            int d = b[i] - '0';
            if (d < 0 || d > 9) {
                return null;
            }
            value = value * 10 + d;
        }
        return negative ? -value : value;
    }

    private static Integer slowGrade(byte[] b, int start, int end) {
        try {
            return Integer.valueOf(new String(b, start, end - start, StandardCharsets.ISO_8859_1));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private String ascii(int field) {
        return new String(b, from[field], to[field] - from[field], StandardCharsets.ISO_8859_1);
    }
}
