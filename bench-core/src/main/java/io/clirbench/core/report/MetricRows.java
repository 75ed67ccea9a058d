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
