package io.clirbench.core.metrics.language;

import io.clirbench.core.stats.WilsonInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A per-language hit rate with its 95% Wilson interval (METRICS.md §3 "Proportions"): the share of a
 * query language's Dom_S queries with {@code f_S <= k} (scope {@code same}) or of its Dom_X queries
 * with {@code f_X <= k} (scope {@code cross}).
 *
 * @param lang    query language (its {@link QueryOutcome#queryLanguage() identity})
 * @param scope   {@code same} or {@code cross}
 * @param k       the cutoff
 * @param queries queries of that language in the scope's domain
 * @param hits    of them, those with a first rank at most k
 * @param rate    {@code hits / queries}
 * @param low     Wilson lower bound
 * @param high    Wilson upper bound
 */
public record HitRate(String lang, String scope, int k, int queries, int hits, double rate, double low, double high) {

    /** Hit rates at cutoff k for every query language, same then cross. */
    static List<HitRate> of(List<QueryOutcome> outcomes, int k) {
        List<HitRate> rates = new ArrayList<>();
        rates.addAll(byLanguage(outcomes, k, "same"));
        rates.addAll(byLanguage(outcomes, k, "cross"));
        return List.copyOf(rates);
    }

    private static List<HitRate> byLanguage(List<QueryOutcome> outcomes, int k, String scope) {
        boolean same = scope.equals("same");
        Map<String, int[]> counts = new TreeMap<>(); // lang -> {queries, hits}
        for (QueryOutcome o : outcomes) {
            if (same ? !o.hasSame() : !o.hasCross()) {
                continue;
            }
            int[] c = counts.computeIfAbsent(o.queryLanguage(), l -> new int[2]);
            c[0]++;
            if ((same ? o.firstSame() : o.firstCross()) <= k) {
                c[1]++;
            }
        }
        List<HitRate> rates = new ArrayList<>();
        counts.forEach((lang, c) -> {
            WilsonInterval w = WilsonInterval.of95(c[1], c[0]);
            rates.add(new HitRate(lang, scope, k, c[0], c[1], (double) c[1] / c[0], w.low(), w.high()));
        });
        return rates;
    }
}
