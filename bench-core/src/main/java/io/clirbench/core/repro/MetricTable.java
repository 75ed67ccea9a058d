package io.clirbench.core.repro;

import io.clirbench.core.io.Csv;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The whole-run rows of a report's {@code metrics.csv} (or the numbers of a QA or agent report, {@link #ofReports}) (run, slice key, slice value, metric, value,
 * queries), by run, section and metric. A run's rows list the §1 standard measures first, then the
 * §2 rows from its {@code queries} row on (MetricRows writes them in that order), so names that
 * exist in both sections ({@code R@10}) are told apart by position.
 */
public final class MetricTable {

    private final Map<String, Double> values;

    private MetricTable(Map<String, Double> values) {
        this.values = values;
    }

    public static MetricTable parse(String metricsCsv) {
        Map<String, Double> values = new HashMap<>();
        Map<String, Integer> sectionOfRun = new HashMap<>();
        List<List<String>> rows = Csv.parse(metricsCsv);
        for (List<String> row : rows.subList(Math.min(1, rows.size()), rows.size())) {
            if (row.size() < 5 || !row.get(1).isEmpty() || !row.get(2).isEmpty()) {
                continue; // slices and statistics rows
            }
            String run = row.get(0);
            int section = sectionOfRun.getOrDefault(run, 1);
            if (row.get(3).equals("queries")) {
                section = 2;
                sectionOfRun.put(run, 2);
            }
            Double value = number(row.get(4)); // empty: undefined (a censored depth); text: an interval's method
            if (value != null) {
                values.putIfAbsent(key(run, section, row.get(3)), value);
            }
        }
        return new MetricTable(values);
    }

    /**
     * The numbers of JSON-shaped reports (nested maps, as {@code QaJsonReport.xhotpot} or
     * {@code BcpEvaluationSummary.of} build them), by run: each number under its path of keys joined with {@code .}
     * ({@code overall.answer.f1}, {@code avg_tool_stats.search}); lists, text and nulls are left out. Found in any
     * section (they have no §1 / §2).
     */
    public static MetricTable ofReports(Map<String, ? extends Map<String, ?>> reportsByRun) {
        Map<String, Double> values = new HashMap<>();
        reportsByRun.forEach((run, report) -> flatten(run, "", report, values));
        return new MetricTable(values);
    }

    private static void flatten(String run, String prefix, Map<?, ?> node, Map<String, Double> values) {
        node.forEach((k, v) -> {
            String path = prefix + k;
            if (v instanceof Map<?, ?> inner) {
                flatten(run, path + ".", inner, values);
            } else if (v instanceof Number n) {
                values.put(key(run, 1, path), n.doubleValue());
                values.put(key(run, 2, path), n.doubleValue());
            }
        });
    }

    /** The value, or {@code null} when the report has none; section 0 prefers §2. */
    public Double value(String run, int section, String metric) {
        if (section == 0) {
            Double language = values.get(key(run, 2, metric));
            return language != null ? language : values.get(key(run, 1, metric));
        }
        return values.get(key(run, section, metric));
    }

    private static Double number(String cell) {
        try {
            return cell.isEmpty() ? null : Double.valueOf(cell);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String key(String run, int section, String metric) {
        return run + "\u0000" + section + "\u0000" + metric;
    }
}
