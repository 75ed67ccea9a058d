package io.clirbench.core.metrics.language;

import io.clirbench.core.model.LanguageTag;
import io.clirbench.core.stats.WilsonInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One cell of the route grid (METRICS.md §2 "Route grid"): the gold pairs {@code (q, d)} whose route
 * is {@code lang(q) → lang(d)}, and the share of them with {@code rank(d) <= k}, with a 95% Wilson interval.
 *
 * @param from   query language (its {@link LanguageTag} identity)
 * @param to     document language (its identity)
 * @param k      the cutoff
 * @param pairs  gold pairs on this route
 * @param hits   pairs retrieved within the top k
 * @param recall {@code hits / pairs}
 * @param low    Wilson lower bound
 * @param high   Wilson upper bound
 */
public record RouteCell(String from, String to, int k, int pairs, int hits, double recall, double low, double high) {

    /** Whether this is a same-language route (the diagonal). */
    public boolean diagonal() {
        return from.equals(to);
    }

    /** The route grid at cutoff k, cells sorted by query then document language. */
    static List<RouteCell> grid(List<QueryOutcome> outcomes, int k) {
        Map<String, int[]> counts = new TreeMap<>(); // "from\tto" -> {pairs, hits}
        for (QueryOutcome outcome : outcomes) {
            for (int i = 0; i < outcome.ranks().length; i++) {
                int[] c = counts.computeIfAbsent(outcome.queryLanguage() + "\t" + LanguageTag.identityOf(outcome.goldLangs()[i]), r -> new int[2]);
                c[0]++;
                if (outcome.ranks()[i] <= k) {
                    c[1]++;
                }
            }
        }
        List<RouteCell> cells = new ArrayList<>();
        counts.forEach((route, c) -> {
            String[] langs = route.split("\t");
            WilsonInterval interval = WilsonInterval.of95(c[1], c[0]);
            cells.add(new RouteCell(langs[0], langs[1], k, c[0], c[1], (double) c[1] / c[0], interval.low(), interval.high()));
        });
        return List.copyOf(cells);
    }
}
