package io.clirbench.core.metrics.language;

import io.clirbench.core.stats.DepthBootstrap;
import io.clirbench.core.stats.NearestRankPercentile;
import java.util.ArrayList;
import java.util.List;

/**
 * Coverage depths over the dual-gold queries, JBC, and the reading-cost multiplier XRC
 * (METRICS.md §2 "First ranks", "Coverage depths", "Reading-cost multiplier").
 *
 * @param kSame  {@code k80_same = D_0.8(f_S)} over Dom_SX
 * @param kCross {@code k80_cross = D_0.8(f_X)} over Dom_SX
 * @param kJoint {@code k*80 = D_0.8(max(f_S, f_X))} over Dom_SX
 * @param jbc    {@code JBC@100}: share of Dom_SX with {@code max(f_S, f_X) <= 100}; {@code null} on an empty domain
 * @param xrc    {@code XRC_C} with its two depths, each over its own domain
 */
public record CoverageDepths(Depth kSame, Depth kCross, Depth kJoint, Double jbc, Xrc xrc) {

    static CoverageDepths compute(List<QueryOutcome> outcomes, LanguageMetricsConfig config) {
        List<QueryOutcome> dual = outcomes.stream().filter(o -> o.hasSame() && o.hasCross()).toList();
        int[] fs = dual.stream().mapToInt(QueryOutcome::firstSame).toArray();
        int[] fx = dual.stream().mapToInt(QueryOutcome::firstCross).toArray();
        int[] joint = dual.stream().mapToInt(o -> Math.max(o.firstSame(), o.firstCross())).toArray();
        DepthBootstrap bootstrap = new DepthBootstrap(config.depthBootstrapReplicates(), config.seed());
        double c = config.coverage();
        Double jbc = dual.isEmpty() ? null : (double) countAtMost(joint, config.jbcK()) / dual.size();

        int[] fxOverDomX = outcomes.stream().filter(QueryOutcome::hasCross).mapToInt(QueryOutcome::firstCross).toArray();
        int[] fsOverDomS = outcomes.stream().filter(QueryOutcome::hasSame).mapToInt(QueryOutcome::firstSame).toArray();
        Depth xrcCross = depth(fxOverDomX, config.xrcCoverage(), config.depth(), null);
        Depth xrcSame = depth(fsOverDomS, config.xrcCoverage(), config.depth(), null);
        List<Depth> dualDepths = depths(List.of(fs, fx, joint), c, config.depth(), bootstrap);
        return new CoverageDepths(
                dualDepths.get(0),
                dualDepths.get(1),
                dualDepths.get(2),
                jbc,
                Xrc.of(xrcCross, xrcSame, config.depth()));
    }

    private static int countAtMost(int[] values, int k) {
        int count = 0;
        for (int v : values) {
            if (v <= k) {
                count++;
            }
        }
        return count;
    }

    /**
     * {@link #depth} of each value set over one domain (equal lengths), the SEs of the uncensored
     * ones from the same resamples, drawn once (the same values as one {@link #depth} call each).
     */
    static List<Depth> depths(List<int[]> valueSets, double c, int depth, DepthBootstrap bootstrap) {
        List<Depth> depths = new ArrayList<>();
        List<int[]> needError = new ArrayList<>();
        List<Integer> at = new ArrayList<>();
        for (int[] values : valueSets) {
            Depth d = depth(values, c, depth, null);
            depths.add(d);
            if (d.rank() != null) {
                needError.add(values);
                at.add(depths.size() - 1);
            }
        }
        if (!needError.isEmpty()) {
            double[] errors = bootstrap.standardErrors(needError, c, depth);
            for (int k = 0; k < errors.length; k++) {
                Depth d = depths.get(at.get(k));
                depths.set(at.get(k), new Depth(d.rank(), false, errors[k], d.n(), depth));
            }
        }
        return depths;
    }

    /** {@code D_c(values)}, with a bootstrap SE unless censored or no bootstrap is given. */
    static Depth depth(int[] values, double c, int depth, DepthBootstrap bootstrap) {
        if (values.length == 0) {
            return new Depth(null, false, null, 0, depth);
        }
        int rank = NearestRankPercentile.nearestRank(values, c);
        if (rank == QueryOutcome.NOT_RETRIEVED) {
            return new Depth(null, true, null, values.length, depth);
        }
        Double se = bootstrap == null ? null : bootstrap.standardError(values, c, depth);
        return new Depth(rank, false, se, values.length, depth);
    }
}
