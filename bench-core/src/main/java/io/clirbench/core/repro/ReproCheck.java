package io.clirbench.core.repro;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Compares a report's values with a reproduction file's expectations. */
public final class ReproCheck {

    private ReproCheck() {
    }

    /**
     * @param actual the report's value, or {@code null} when the report has none (a FAIL)
     */
    public record Outcome(Expectation expected, Double actual) {

        public boolean ok() {
            return actual != null && expected.accepts(actual);
        }

        /** {@code OK    bm25  R@10_cross  0.2210 (expected 0.2208 ± 0.0100; recorded run 2026-12-01)}. */
        public String line() {
            String got = actual == null ? "missing" : String.format(Locale.ROOT, "%.4f", actual);
            return String.format(Locale.ROOT, "%-4s %-28s %-12s %s (expected %.4f ± %.4f; %s)", ok() ? "OK" : "FAIL",
                    expected.run(), expected.metric(), got, expected.value(), expected.tolerance(), expected.source());
        }
    }

    public static List<Outcome> check(List<Expectation> expected, MetricTable report) {
        List<Outcome> outcomes = new ArrayList<>();
        for (Expectation e : expected) {
            outcomes.add(new Outcome(e, report.value(e.run(), e.section(), e.metric())));
        }
        return outcomes;
    }
}
