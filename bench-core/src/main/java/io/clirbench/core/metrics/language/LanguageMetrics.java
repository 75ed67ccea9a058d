package io.clirbench.core.metrics.language;

import io.clirbench.core.metrics.language.QueryOutcome.Scope;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Every language-aware number of METRICS.md §2 for one run (or one slice of its queries).
 *
 * @param queries        queries with a non-empty gold set
 * @param domSame        |Dom_S|
 * @param domCross       |Dom_X|
 * @param dualGold       |Dom_SX|
 * @param noHome         queries without same-language gold
 * @param recall         "R@k", "R@k_same", "R@k_cross" for every configured k
 * @param ltPercent      {@code LT% = 100 · balanced R@10_cross / balanced R@10_same}; {@code null} when undefined
 * @param depths         k80_same, k80_cross, k*80, JBC@100 and XRC
 * @param recoverability RRC grid, knee, L∞, ARI, deep_K
 * @param degenerate     pooled R@10_cross over Dom_X below 0.10: XRC, RRC and ARI are not meaningful
 * @param gateValue      the pooled R@10_cross the gate looked at ({@code null} when Dom_X is empty)
 * @param routes         the route grid at each configured cutoff
 * @param hitRates       per query language, the share of queries with a same- or cross-language hit in the top 10
 */
public record LanguageMetrics(int queries, int domSame, int domCross, int dualGold, int noHome,
                              Map<String, Mean> recall, Double ltPercent, CoverageDepths depths,
                              Recoverability recoverability, boolean degenerate, Double gateValue,
                              List<RouteCell> routes, List<HitRate> hitRates) {

    /** Threshold of the degeneracy gate. */
    public static final double DEGENERACY_THRESHOLD = 0.10;

    /** Computes every §2 number over the given outcomes (the queries of the run or of a slice). */
    public static LanguageMetrics compute(List<QueryOutcome> outcomes, LanguageMetricsConfig config) {
        Map<String, Mean> recall = new LinkedHashMap<>();
        for (int k : config.recallKs()) {
            for (Scope scope : Scope.values()) {
                recall.put("R@" + k + scope.suffix(), Mean.of(outcomes, o -> o.recall(k, scope)));
            }
        }
        Mean r10Same = Mean.of(outcomes, o -> o.recall(10, Scope.SAME));
        Mean r10Cross = Mean.of(outcomes, o -> o.recall(10, Scope.CROSS));
        Double lt = r10Same.balanced() == null || r10Cross.balanced() == null || r10Same.balanced() == 0
                ? null : 100 * r10Cross.balanced() / r10Same.balanced();
        Double gate = r10Cross.pooled();
        List<RouteCell> routes = new ArrayList<>();
        for (int k : config.routeKs()) {
            routes.addAll(RouteCell.grid(outcomes, k));
        }
        return new LanguageMetrics(
                outcomes.size(),
                (int) outcomes.stream().filter(QueryOutcome::hasSame).count(),
                (int) outcomes.stream().filter(QueryOutcome::hasCross).count(),
                (int) outcomes.stream().filter(o -> o.hasSame() && o.hasCross()).count(),
                (int) outcomes.stream().filter(o -> !o.hasSame()).count(),
                Collections.unmodifiableMap(recall),
                lt,
                CoverageDepths.compute(outcomes, config),
                Recoverability.compute(outcomes, config.depth(), config.ariK()),
                gate != null && gate < DEGENERACY_THRESHOLD,
                gate,
                List.copyOf(routes),
                HitRate.of(outcomes, 10));
    }

    /** The mean of one recall metric, e.g. {@code R@10_cross}; fails on a name that was not computed. */
    public Mean recall(String name) {
        Mean mean = recall.get(name);
        if (mean == null) {
            throw new IllegalArgumentException("no recall metric '" + name + "'; computed: " + recall.keySet());
        }
        return mean;
    }
}
