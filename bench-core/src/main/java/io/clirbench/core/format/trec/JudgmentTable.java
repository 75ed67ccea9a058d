package io.clirbench.core.format.trec;

import io.clirbench.core.metrics.Judgments;
import io.clirbench.core.model.Qrels;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Bare TREC qrels as evaluation reads them, without a String and a map entry per judgment: the file's bytes, and per
 * judgment where its document id lies, the id's {@link IdTable#hash} and its grade; one String per query. The run
 * scanner's targets ({@link #targets}) and the section-1 grades ({@link #positiveGradesAscending}) come straight
 * from it; maps are built only when asked for ({@link #toMaps}, {@link #grades}).
 *
 * <p>Built for the usual file: the lines {@link AsciiQrelsParser} accepts (ASCII, four fields, an integer grade),
 * each query's lines together, no judgment repeated. For anything else {@link #tryParse} returns null and the map
 * readers take the file (a query whose lines are apart is read by {@link AsciiQrelsParser}; an error is reported by
 * the checking reader), so the judgments, their order and the messages are the same either way.
 */
public final class JudgmentTable implements Qrels.Compact, Judgments {

    private final byte[] text;
    private final List<String> queryIds;
    private final Map<String, Integer> queryIndex;
    private final int[] queryStart; // the judgments of query q are [queryStart[q], queryStart[q + 1])
    private final int[] docFrom;
    private final int[] docTo;
    private final int[] docHash;
    private final int[] grade;

    private JudgmentTable(Builder built) {
        this.text = built.b;
        this.queryIds = List.of(Arrays.copyOf(built.queryIds, built.queries));
        this.queryIndex = built.queryIndex;
        this.queryStart = Arrays.copyOf(built.queryStart, built.queries + 1);
        this.queryStart[built.queries] = built.judgments;
        this.docFrom = built.docFrom;
        this.docTo = built.docTo;
        this.docHash = built.docHash;
        this.grade = built.grade;
    }

    /** The table of a qrels file's bytes, or null when the file needs the map readers (see the class comment). */
    static JudgmentTable tryParse(byte[] bytes) {
        Builder builder = new Builder(bytes);
        return builder.parse() ? new JudgmentTable(builder) : null;
    }

    @Override
    public List<String> queryIds() {
        return queryIds;
    }

    @Override
    public int size() {
        return queryStart[queryStart.length - 1];
    }

    @Override
    public int[] positiveGradesAscending(String queryId) {
        Integer q = queryIndex.get(queryId);
        if (q == null) {
            return null;
        }
        int[] positive = relevant(q);
        for (int i = 0; i < positive.length; i++) {
            positive[i] = grade[positive[i]];
        }
        Arrays.sort(positive);
        return positive;
    }

    @Override
    public Map<String, Integer> grades(String queryId) {
        Integer q = queryIndex.get(queryId);
        return q == null ? null : gradesOf(q);
    }

    /**
     * The documents of {@code queryId} judged above 0, to their grades, as the run scanner looks them up; null when the
     * query is not judged or has none.
     */
    public IdTable targets(String queryId) {
        Integer q = queryIndex.get(queryId);
        if (q == null) {
            return null;
        }
        int[] picks = relevant(q);
        return picks.length == 0 ? null : IdTable.ofSlices(text, docFrom, docTo, docHash, grade, picks, picks.length);
    }

    /**
     * As {@link #targets} with the documents judged 0 or below too, at value 0 (a negative grade would read as
     * {@link IdTable#ABSENT}): what {@code bpref} and {@code Judged@k} need; null when the query is not judged.
     */
    public IdTable judgedTargets(String queryId) {
        Integer q = queryIndex.get(queryId);
        if (q == null) {
            return null;
        }
        int from = queryStart[q];
        int n = queryStart[q + 1] - from;
        int[] picks = new int[n];
        int[] values = new int[n];
        for (int i = 0; i < n; i++) {
            picks[i] = from + i;
            values[i] = Math.max(0, grade[from + i]);
        }
        return n == 0 ? null : IdTable.ofPicks(text, docFrom, docTo, docHash, picks, values);
    }

    @Override
    public int nonRelevantCount(String queryId) {
        Integer q = queryIndex.get(queryId);
        if (q == null) {
            return 0;
        }
        int n = 0;
        for (int k = queryStart[q]; k < queryStart[q + 1]; k++) {
            n += grade[k] <= 0 ? 1 : 0;
        }
        return n;
    }

    /** The indexes of query {@code q}'s judgments above 0, in file order. */
    private int[] relevant(int q) {
        int[] picks = new int[queryStart[q + 1] - queryStart[q]];
        int n = 0;
        for (int k = queryStart[q]; k < queryStart[q + 1]; k++) {
            if (grade[k] > 0) {
                picks[n++] = k;
            }
        }
        return Arrays.copyOf(picks, n);
    }

    @Override
    public Map<String, Map<String, Integer>> toMaps() {
        Map<String, Map<String, Integer>> maps = new LinkedHashMap<>();
        for (int q = 0; q < queryIds.size(); q++) {
            maps.put(queryIds.get(q), gradesOf(q));
        }
        return maps;
    }

    private Map<String, Integer> gradesOf(int q) {
        Map<String, Integer> grades = new LinkedHashMap<>();
        for (int k = queryStart[q]; k < queryStart[q + 1]; k++) {
            grades.put(new String(text, docFrom[k], docTo[k] - docFrom[k], StandardCharsets.ISO_8859_1), grade[k]);
        }
        return grades;
    }

    /** One pass over the bytes; false as soon as the file needs the map readers. */
    private static final class Builder {

        private final byte[] b;
        private final int[] from = new int[4];
        private final int[] to = new int[4];
        private final Map<String, Integer> queryIndex = new HashMap<>();
        private String[] queryIds = new String[256];
        private int[] queryStart = new int[257];
        private int queries;
        private int[] docFrom;
        private int[] docTo;
        private int[] docHash;
        private int[] grade;
        private int judgments;
        private int[] seen = new int[64]; // the duplicate check's table (see noRepeats)
        private int seenBase;
        private int lineEnd; // where the line split last read ends: its LF, or the end of the bytes

        Builder(byte[] b) {
            this.b = b;
            int guess = Math.max(16, b.length / 16); // a line of the usual file has 16 bytes or more: arrays seldom grow
            docFrom = new int[guess];
            docTo = new int[guess];
            docHash = new int[guess];
            grade = new int[guess];
        }

        boolean parse() {
            int end = b.length;
            int p = 0;
            int currentFrom = 0;
            int currentTo = -1;
            while (p < end) {
                int fields = split(p, end);
                if (fields < 0) {
                    return false; // a non-ASCII byte (or a BOM): the checking reader decodes it
                }
                p = lineEnd + 1;
                if (fields == 0) {
                    continue; // blank line
                }
                if (fields != 4) {
                    return false;
                }
                Integer g = AsciiQrelsParser.grade(b, from[3], to[3]);
                if (g == null) {
                    return false;
                }
                if (currentTo < 0 || !Arrays.equals(b, from[0], to[0], b, currentFrom, currentTo)) {
                    if (queries > 0 && !noRepeats(queryStart[queries - 1], judgments)) {
                        return false;
                    }
                    String queryId = new String(b, from[0], to[0] - from[0], StandardCharsets.ISO_8859_1);
                    if (queryIndex.putIfAbsent(queryId, queries) != null) {
                        return false; // the query's lines are apart
                    }
                    addQuery(queryId);
                    currentFrom = from[0];
                    currentTo = to[0];
                }
                addJudgment(from[2], to[2], g);
            }
            return queries == 0 || noRepeats(queryStart[queries - 1], judgments);
        }

        private void addQuery(String queryId) {
            if (queries == queryIds.length) {
                queryIds = Arrays.copyOf(queryIds, queries * 2);
                queryStart = Arrays.copyOf(queryStart, queries * 2 + 1);
            }
            queryIds[queries] = queryId;
            queryStart[queries++] = judgments;
        }

        private void addJudgment(int idFrom, int idTo, int value) {
            if (judgments == docFrom.length) {
                int capacity = judgments * 2;
                docFrom = Arrays.copyOf(docFrom, capacity);
                docTo = Arrays.copyOf(docTo, capacity);
                docHash = Arrays.copyOf(docHash, capacity);
                grade = Arrays.copyOf(grade, capacity);
            }
            docFrom[judgments] = idFrom;
            docTo[judgments] = idTo;
            docHash[judgments] = IdTable.hash(b, idFrom, idTo);
            grade[judgments++] = value;
        }

        /**
         * Whether the judgments [start, end) of one query name distinct documents. The table is not cleared between
         * queries: a slot holds {@code seenBase + k + 1} for judgment k, and anything at or below the base counts as empty.
         */
        private boolean noRepeats(int start, int end) {
            int n = end - start;
            int capacity = Integer.highestOneBit(Math.max(8, n) * 4 - 1);
            if (seen.length < capacity || seenBase > Integer.MAX_VALUE - end - 1) {
                seen = new int[Math.max(capacity, seen.length)];
                seenBase = 0;
            }
            int base = seenBase;
            int mask = seen.length - 1;
            for (int k = start; k < end; k++) {
                int slot = IdTable.mix(docHash[k]) & mask;
                for (int e; (e = seen[slot]) > base; slot = (slot + 1) & mask) {
                    int j = e - base - 1;
                    if (docHash[j] == docHash[k] && Arrays.equals(b, docFrom[j], docTo[j], b, docFrom[k], docTo[k])) {
                        return false; // judged twice: the checking reader names both lines
                    }
                }
                seen[slot] = base + k + 1;
            }
            seenBase = base + end;
            return true;
        }

        /**
         * Records up to 4 fields of the line at {@code start} (a line ends at LF or at {@code end}) and sets
         * {@link #lineEnd}: the number of fields (5 means "more than 4"), or -1 when the line has a byte above 0x7F.
         * One pass over the line's bytes.
         */
        private int split(int start, int end) {
            int count = 0;
            int high = 0; // the OR of the fields' bytes: negative when one is above 0x7F
            int i = start;
            while (true) {
                byte c;
                while (i < end && (c = b[i]) >= 0 && c != '\n' && AsciiQrelsParser.SPACE[c]) {
                    i++;
                }
                if (i == end || b[i] == '\n') {
                    lineEnd = i;
                    return high < 0 ? -1 : count;
                }
                if (count == 4) {
                    lineEnd = i;
                    return 5; // the file is refused either way: the rest of the line need not be read
                }
                from[count] = i;
                while (i < end && ((c = b[i]) < 0 || !AsciiQrelsParser.SPACE[c])) {
                    high |= c;
                    i++;
                }
                to[count++] = i;
            }
        }
    }
}
