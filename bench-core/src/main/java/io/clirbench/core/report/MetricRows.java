package io.clirbench.core.report;

import io.clirbench.core.eval.RunReport;
import io.clirbench.core.metrics.language.Depth;
import io.clirbench.core.metrics.language.LanguageMetrics;
import io.clirbench.core.metrics.language.Mean;
import io.clirbench.core.metrics.language.Recoverability;
import io.clirbench.core.metrics.language.RouteCell;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Flattens a run's numbers into long-format rows (run, slice, metric, value, queries) for CSV. */
public final class MetricRows {

    /** CSV header of {@link #of(RunReport)}. */
    public static final List<String> HEADER = List.of("run", "slice_key", "slice_value", "metric", "value", "queries");

    private MetricRows() {
    }

    /** Every number of the run: §1 means, §2 over all queries, then each slice. */
    public static List<List<String>> of(RunReport run) {
        List<List<String>> rows = new ArrayList<>();
        var standard = run.standard();
        for (int i = 0; i < standard.measureNames().size(); i++) {
            rows.add(row(run, "", "", standard.measureNames().get(i), standard.means()[i], standard.queryCount()));
        }
        if (run.language() != null) {
            addLanguage(rows, run, "", "", run.language());
            for (Map.Entry<String, Map<String, LanguageMetrics>> key : run.slices().entrySet()) {
                key.getValue().forEach((value, metrics) -> addLanguage(rows, run, key.getKey(), value, metrics));
            }
        }
        return rows;
    }

    /** The §3 numbers: intervals per run and metric, the gap tests, and every pair of runs. */
    public static List<List<String>> of(io.clirbench.core.eval.StatisticsReport s) {
        List<List<String>> rows = new ArrayList<>();
        s.intervals().forEach((run, metrics) -> metrics.forEach((metric, mi) -> {
            rows.add(statRow(run, metric + "_ci_low", mi.interval().low(), mi.queries()));
            rows.add(statRow(run, metric + "_ci_high", mi.interval().high(), mi.queries()));
            rows.add(List.of(run, "", "", metric + "_ci_method", mi.interval().method(), Integer.toString(mi.queries())));
        }));
        for (var gap : s.gaps()) {
            int n = gap.test().paired();
            rows.add(statRow(gap.run(), "gap_same_cross", gap.point(), n));
            rows.add(statRow(gap.run(), "gap_same_cross_ci_low", gap.interval().low(), n));
            rows.add(statRow(gap.run(), "gap_same_cross_ci_high", gap.interval().high(), n));
            rows.add(statRow(gap.run(), "gap_same_cross_p", gap.test().p(), n));
            rows.add(statRow(gap.run(), "gap_same_cross_p_holm", gap.pHolm(), n));
        }
        if (s.friedman() != null) {
            rows.add(statRow("", "friedman_chi2", s.friedman().statistic(), s.friedman().blocks()));
            rows.add(statRow("", "friedman_p", s.friedman().p(), s.friedman().blocks()));
        }
        for (var pair : s.pairs()) {
            int n = pair.test().paired();
            String name = "R@10_diff_vs:" + pair.b();
            rows.add(statRow(pair.a(), name, pair.meanDifference(), n));
            rows.add(statRow(pair.a(), name + "_ci_low", pair.interval().low(), n));
            rows.add(statRow(pair.a(), name + "_ci_high", pair.interval().high(), n));
            rows.add(statRow(pair.a(), name + "_p", pair.test().p(), n));
            rows.add(statRow(pair.a(), name + "_p_holm", pair.pHolm(), n));
        }
        return rows;
    }

    private static List<String> statRow(String run, String metric, Double value, int queries) {
        return List.of(run, "", "", metric, Numbers.raw(value), Integer.toString(queries));
    }

    private static void addLanguage(List<List<String>> rows, RunReport run, String key, String value, LanguageMetrics m) {
        rows.add(row(run, key, value, "queries", (double) m.queries(), m.queries()));
        rows.add(row(run, key, value, "Dom_S", (double) m.domSame(), m.domSame()));
        rows.add(row(run, key, value, "Dom_X", (double) m.domCross(), m.domCross()));
        rows.add(row(run, key, value, "Dom_SX", (double) m.dualGold(), m.dualGold()));
        rows.add(row(run, key, value, "no-home", (double) m.noHome(), m.noHome()));
        for (Map.Entry<String, Mean> recall : m.recall().entrySet()) {
            Mean mean = recall.getValue();
            rows.add(row(run, key, value, recall.getKey(), mean.balanced(), mean.queries()));
            rows.add(row(run, key, value, recall.getKey() + "_pooled", mean.pooled(), mean.queries()));
        }
        rows.add(row(run, key, value, "LT%", m.ltPercent(), m.domSame()));
        addDepth(rows, run, key, value, "k80_same", m.depths().kSame());
        addDepth(rows, run, key, value, "k80_cross", m.depths().kCross());
        addDepth(rows, run, key, value, "k*80", m.depths().kJoint());
        rows.add(row(run, key, value, "JBC@100", m.depths().jbc(), m.dualGold()));
        rows.add(row(run, key, value, "XRC50", m.depths().xrc().value(), m.domCross()));
        rows.add(row(run, key, value, "XRC50_censored", m.depths().xrc().censored() ? 1.0 : 0.0, m.domCross()));
        Recoverability r = m.recoverability();
        for (Recoverability.GridPoint point : r.grid()) {
            rows.add(row(run, key, value, "RRC@" + point.k(), point.rrc(), m.domCross()));
        }
        rows.add(row(run, key, value, "K*", r.knee() == null ? null : r.knee().doubleValue(), m.domCross()));
        rows.add(row(run, key, value, "L_inf", r.lInf(), m.domCross()));
        rows.add(row(run, key, value, "ARI@" + r.ariK(), r.ari(), m.domCross()));
        rows.add(row(run, key, value, "deep_" + r.ariK(), r.deep(), m.domCross()));
        rows.add(row(run, key, value, "degenerate", m.degenerate() ? 1.0 : 0.0, m.domCross()));
        for (var hit : m.hitRates()) {
            String name = "hit@" + hit.k() + "_" + hit.scope() + ":" + hit.lang();
            rows.add(row(run, key, value, name, hit.rate(), hit.queries()));
            rows.add(row(run, key, value, name + "_low", hit.low(), hit.queries()));
            rows.add(row(run, key, value, name + "_high", hit.high(), hit.queries()));
        }
        for (RouteCell cell : m.routes()) {
            String name = "route_R@" + cell.k() + ":" + cell.from() + ">" + cell.to();
            rows.add(row(run, key, value, name, cell.recall(), cell.pairs()));
            rows.add(row(run, key, value, name + "_low", cell.low(), cell.pairs()));
            rows.add(row(run, key, value, name + "_high", cell.high(), cell.pairs()));
        }
    }

    private static void addDepth(List<List<String>> rows, RunReport run, String key, String value, String name, Depth depth) {
        rows.add(row(run, key, value, name, depth.rank() == null ? null : depth.rank().doubleValue(), depth.n()));
        rows.add(row(run, key, value, name + "_censored", depth.censored() ? 1.0 : 0.0, depth.n()));
        rows.add(row(run, key, value, name + "_se", depth.se(), depth.n()));
    }

    private static List<String> row(RunReport run, String key, String value, String metric, Double number, int queries) {
        return List.of(run.name(), key, value, metric, Numbers.raw(number), Integer.toString(queries));
    }
}
