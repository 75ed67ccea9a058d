package io.clirbench.core.report.export;

import io.clirbench.core.metrics.StandardResult;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One run's section-1 values as {@code trec_eval -q -c} prints them (trec_eval 10.0): a line
 * {@code measure<TAB>qid<TAB>value} per judged query and measure, queries in trec_eval's order (byte order of the
 * ids, as C's {@code strcmp}), measures in trec_eval's print order, then the {@code all} lines (the {@code -c} means).
 * The measure name is left-aligned in 22 columns and the value has 4 decimals, rounded as C's {@code printf} rounds
 * the double (exact binary value, ties to even). Only measures with a trec_eval name are written
 * ({@link PeerMeasureNames#trecEval}); trec_eval's output has no comments, so the others are left out silently.
 */
public final class TrecEvalExport {

    private TrecEvalExport() {
    }

    /** The {@code trec_eval -q -c} text of one run's standard result. */
    public static String render(StandardResult result) {
        List<Integer> columns = trecEvalColumns(result.measureNames());
        List<String> queries = new ArrayList<>(result.perQuery().keySet());
        queries.sort(TrecEvalExport::compareAsStrcmp);
        StringBuilder out = new StringBuilder();
        for (String query : queries) {
            double[] values = result.perQuery().get(query);
            for (int c : columns) {
                line(out, result.measureNames().get(c), query, values[c]);
            }
        }
        for (int c : columns) {
            line(out, result.measureNames().get(c), "all", result.means()[c]);
        }
        return out.toString();
    }

    /** Indices of the measures trec_eval names, in its print order, each trec_eval name once. */
    private static List<Integer> trecEvalColumns(List<String> names) {
        List<Integer> columns = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < names.size(); i++) {
            String name = PeerMeasureNames.trecEval(names.get(i));
            if (name != null && seen.add(name)) {
                columns.add(i);
            }
        }
        columns.sort((a, b) -> PeerMeasureNames.TREC_EVAL_ORDER.compare(
                PeerMeasureNames.trecEval(names.get(a)), PeerMeasureNames.trecEval(names.get(b))));
        return columns;
    }

    private static void line(StringBuilder out, String ours, String query, double value) {
        out.append(String.format(Locale.ROOT, "%-22s", PeerMeasureNames.trecEval(ours)))
                .append('\t').append(query).append('\t').append(fourDecimals(value)).append('\n');
    }

    /** {@code printf("%.4f")} of glibc: the double's exact value rounded half to even (Java's %.4f rounds half up). */
    static String fourDecimals(double value) {
        return new BigDecimal(value).setScale(4, RoundingMode.HALF_EVEN).toPlainString();
    }

    private static int compareAsStrcmp(String a, String b) {
        return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
    }
}
