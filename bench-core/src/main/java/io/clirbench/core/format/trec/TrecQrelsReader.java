package io.clirbench.core.format.trec;

import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.LineReader;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.dataset.QrelsTsv;
import io.clirbench.core.model.Qrels;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads TREC qrels, {@code qid iter docid rel} separated by whitespace (plain or gzip).
 * The iter column is ignored, as trec_eval does: it is {@code 0} in most collections and
 * {@code Q0} in BrowseComp-Plus.
 */
public final class TrecQrelsReader {

    private TrecQrelsReader() {
    }

    /**
     * Reads every judgment of the file, in file order.
     *
     * @throws io.clirbench.core.dataset.DatasetFormatException naming file, line and value of every
     *         bad line (wrong column count, non-integer rel, a (qid, docid) pair judged twice)
     */
    public static Qrels read(Path path) {
        Qrels fast = AsciiQrelsParser.tryRead(path); // the usual file; null sends it to the checking reader below
        return fast != null ? fast : readChecked(path);
    }

    /**
     * The checking reader alone: line by line, every problem collected before throwing. {@link #read}
     * gives the same judgments; this is what it falls back to, and the benchmarks' baseline.
     */
    public static Qrels readChecked(Path path) {
        String file = path.getFileName().toString();
        Problems problems = new Problems();
        Map<String, Map<String, Integer>> judgments = new LinkedHashMap<>();
        Map<String, Integer> judgedOn = new HashMap<>();
        LineReader.forEachLine(path, problems, (line, text) -> {
            String trimmed = text.strip();
            if (trimmed.isEmpty()) {
                return;
            }
            String[] cols = fields(trimmed);
            if (cols.length != 4) {
                problems.add(file, line, "expected 4 columns 'qid iter docid rel', found " + cols.length
                        + ": " + JsonValues.quote(text));
                return;
            }
            Integer rel = QrelsTsv.parseScore(cols[3]);
            if (rel == null) {
                problems.add(file, line, "relevance is not an integer: " + JsonValues.quote(cols[3]));
                return;
            }
            Integer first = judgedOn.putIfAbsent(cols[0] + '\t' + cols[2], line);
            if (first != null) {
                problems.add(file, line, "query " + JsonValues.quote(cols[0]) + " and document "
                        + JsonValues.quote(cols[2]) + " judged twice (first on line " + first + ")");
                return;
            }
            judgments.computeIfAbsent(cols[0], q -> new LinkedHashMap<>()).put(cols[2], rel);
        });
        problems.throwIfAny();
        return Qrels.of(judgments);
    }

    /** The whitespace-separated fields of a stripped line (no regex: qrels files can have millions of lines). */
    private static String[] fields(String line) {
        java.util.List<String> fields = new java.util.ArrayList<>(4);
        int i = 0;
        int n = line.length();
        while (i < n) {
            while (i < n && Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            int start = i;
            while (i < n && !Character.isWhitespace(line.charAt(i))) {
                i++;
            }
            if (i > start) {
                fields.add(line.substring(start, i));
            }
        }
        return fields.toArray(String[]::new);
    }
}
