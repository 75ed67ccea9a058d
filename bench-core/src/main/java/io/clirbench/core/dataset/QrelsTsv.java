package io.clirbench.core.dataset;

import io.clirbench.core.model.Qrels;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/** Reads and validates {@code qrels.tsv}: a header, then {@code query-id<TAB>corpus-id<TAB>score} lines. */
public final class QrelsTsv {

    /** The required first line. */
    public static final String HEADER = "query-id\tcorpus-id\tscore";

    private QrelsTsv() {
    }

    /**
     * Reads the judgments, recording every problem. An id set that is null is not checked
     * (its file was missing, which is reported on its own).
     */
    public static Qrels read(Path path, Set<String> queryIds, Set<String> documentIds, Problems problems) {
        String file = path.getFileName().toString();
        Map<String, Map<String, Integer>> judgments = new LinkedHashMap<>();
        Map<String, Integer> judgedOn = new HashMap<>();
        boolean[] sawHeader = {false};
        LineReader.forEachLine(path, problems, (line, text) -> {
            if (line == 1) {
                sawHeader[0] = true;
                if (!HEADER.equals(text)) {
                    problems.add(file, line, "header must be 'query-id<TAB>corpus-id<TAB>score', found " + shown(text));
                }
                return;
            }
            if (text.isBlank()) {
                return;
            }
            String[] cols = text.split("\t", -1);
            if (cols.length != 3) {
                problems.add(file, line, "expected 3 tab-separated columns, found " + cols.length + ": " + shown(text));
                return;
            }
            judge(file, line, cols, queryIds, documentIds, problems, judgments, judgedOn);
        });
        if (!sawHeader[0]) {
            problems.add(file, "empty file: missing header 'query-id<TAB>corpus-id<TAB>score'");
        }
        return Qrels.of(judgments);
    }

    private static void judge(String file, int line, String[] cols, Set<String> queryIds, Set<String> documentIds,
                              Problems problems, Map<String, Map<String, Integer>> judgments,
                              Map<String, Integer> judgedOn) {
        String queryId = cols[0];
        String docId = cols[1];
        Integer score = parseScore(cols[2]);
        if (score == null) {
            problems.add(file, line, "score is not an integer: " + JsonValues.quote(cols[2]));
        }
        boolean knownIds = true;
        if (queryId.isEmpty() || (queryIds != null && !queryIds.contains(queryId))) {
            problems.add(file, line, "unknown query id " + JsonValues.quote(queryId));
            knownIds = false;
        }
        if (docId.isEmpty() || (documentIds != null && !documentIds.contains(docId))) {
            problems.add(file, line, "unknown document id " + JsonValues.quote(docId));
            knownIds = false;
        }
        // only a pair of known ids is remembered for the duplicate check: a line naming an unknown id is reported as
        // such, and 3,000,000 lines of unknown ids once held some 320 MB of pairs here (issue 45)
        if (!knownIds) {
            return;
        }
        Integer first = judgedOn.putIfAbsent(queryId + '\t' + docId, line);
        if (first != null) {
            problems.add(file, line, "query " + JsonValues.quote(queryId) + " and document " + JsonValues.quote(docId)
                    + " judged twice (first on line " + first + ")");
        } else if (score != null) {
            judgments.computeIfAbsent(queryId, q -> new LinkedHashMap<>()).put(docId, score);
        }
    }

    /** Parses a relevance grade; null when it is not a (32-bit) integer. Shared with the TREC qrels reader. */
    public static Integer parseScore(String text) {
        try {
            return Integer.valueOf(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    // tabs made visible, so that "a b c" and "a\tb\tc" do not look the same in a message
    private static String shown(String text) {
        return JsonValues.quote(text.replace("\t", "<TAB>"));
    }
}
