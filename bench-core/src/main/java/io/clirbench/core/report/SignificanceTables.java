package io.clirbench.core.report;

import io.clirbench.core.eval.StatisticsReport;
import io.clirbench.core.eval.StatisticsReport.GapTest;
import io.clirbench.core.eval.StatisticsReport.PairTest;
import io.clirbench.core.stats.Friedman;
import io.clirbench.core.stats.Interval;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The significance section (METRICS.md §3) as table cells and sentences, for the console and Markdown. */
public final class SignificanceTables {

    /** Columns of the same-vs-cross gap table. */
    public static final List<String> GAP_COLUMNS = List.of("run", "Δ same−cross", "95% CI", "p", "p (Holm)", "n", "families");
    /** Columns of the pairwise table. */
    public static final List<String> PAIR_COLUMNS = List.of("run A", "run B", "R@10 A−B", "95% CI", "p", "p (Holm)", "differs",
            "t-test p (Holm)", "Wilcoxon p (Holm)");

    private SignificanceTables() {
    }

    /** What the section computed, in one sentence. */
    public static String method(StatisticsReport s) {
        return String.format(Locale.ROOT, "Language-stratified, family-clustered bootstrap (B = %,d, seed %d), %.0f%% BCa "
                + "intervals; family sign-flip permutation tests (B = %,d); Holm-adjusted p (tests without a p-value, "
                + "descriptive only, are left out of the Holm family); pairwise tests are reported whatever the Friedman "
                + "result; the same draws for every run. Beside each pair's sign-flip p, Student's paired t-test and the "
                + "Wilcoxon signed-rank test (zeros dropped, exact for n ≤ 25 without ties) on the per-query R@10 "
                + "differences, each Holm-adjusted across the pairs.",
                s.replicates(), s.seed(), 100 * s.level(), s.replicates());
    }

    /** One row per run: the paired gap on the dual-gold queries. */
    public static List<List<String>> gapRows(StatisticsReport s) {
        List<List<String>> rows = new ArrayList<>();
        for (GapTest gap : s.gaps()) {
            rows.add(List.of(gap.run(), signed(gap.point()), interval(gap.interval()), p(gap.test().p(), gap.test().noPValueReason()),
                    p(gap.pHolm(), null), Integer.toString(gap.test().paired()), Integer.toString(gap.test().families())));
        }
        return rows;
    }

    /** The Friedman omnibus result in one sentence, or {@code null} with fewer than two runs. */
    public static String friedman(StatisticsReport s) {
        Friedman.Result f = s.friedman();
        if (f == null) {
            return null;
        }
        String statistic = f.statistic() == null ? "undefined" : String.format(Locale.ROOT, "%.3f", f.statistic());
        return String.format(Locale.ROOT, "Friedman test on per-query R@10 (%,d queries, %,d not tied, %,d families): "
                + "χ² = %s, df = %d, p = %s.", f.blocks(), f.nonTiedBlocks(), f.families(), statistic, f.df(),
                p(f.p(), f.noPValueReason()));
    }

    /** One row per pair of runs. */
    public static List<List<String>> pairRows(StatisticsReport s) {
        List<List<String>> rows = new ArrayList<>();
        for (PairTest pair : s.pairs()) {
            rows.add(List.of(pair.a(), pair.b(), signed(pair.meanDifference()), interval(pair.interval()),
                    p(pair.test().p(), pair.test().noPValueReason()), p(pair.pHolm(), null), pair.significant() ? "yes" : "no",
                    other(pair.others().tTest(), pair.others().tHolm()),
                    other(pair.others().wilcoxon(), pair.others().wilcoxonHolm())));
        }
        return rows;
    }

    /** The header of {@link #matrix}: a corner label, then the run names. */
    public static List<String> matrixHeader(String corner, List<String> runs) {
        List<String> header = new ArrayList<>(List.of(corner));
        header.addAll(runs);
        return header;
    }

    /** The compact matrix: row run minus column run, {@code *} where the Holm-adjusted p is below 0.05. */
    public static List<List<String>> matrix(List<String> runs, StatisticsReport s) {
        List<List<String>> rows = new ArrayList<>();
        for (String a : runs) {
            List<String> row = new ArrayList<>(List.of(a));
            for (String b : runs) {
                row.add(a.equals(b) ? "·" : cell(s, a, b));
            }
            rows.add(row);
        }
        return rows;
    }

    private static String cell(StatisticsReport s, String a, String b) {
        for (PairTest pair : s.pairs()) {
            if (pair.a().equals(a) && pair.b().equals(b)) {
                return signed(pair.meanDifference()) + (pair.significant() ? "*" : "");
            }
            if (pair.a().equals(b) && pair.b().equals(a)) {
                return signed(-pair.meanDifference()) + (pair.significant() ? "*" : "");
            }
        }
        return "";
    }

    /** An other test's cell: its Holm-adjusted p, "—" where it gives none (the reason is the sign-flip test's, shown beside). */
    private static String other(io.clirbench.core.stats.PairedTestResult test, Double pHolm) {
        return test.p() == null ? "—" : p(pHolm, null);
    }

    static String interval(Interval interval) {
        if (!interval.defined()) {
            return "n/a";
        }
        String text = "[" + signed(interval.low()) + ", " + signed(interval.high()) + "]";
        return "BCa".equals(interval.method()) ? text : text + " (" + interval.method() + ")";
    }

    private static String signed(double value) {
        return String.format(Locale.ROOT, "%+.3f", value);
    }

    private static String p(Double p, String reason) {
        if (p == null) {
            return reason == null ? "n/a" : "— (" + reason + ")";
        }
        return p < 1e-4 ? "<0.0001" : String.format(Locale.ROOT, "%.4f", p);
    }
}
