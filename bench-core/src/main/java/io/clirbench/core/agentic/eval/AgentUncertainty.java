package io.clirbench.core.agentic.eval;

import io.clirbench.core.stats.Bca;
import io.clirbench.core.stats.ClusterFrame;
import io.clirbench.core.stats.ClusteredBootstrap;
import io.clirbench.core.stats.Interval;
import io.clirbench.core.stats.SignFlipPermutation;
import java.util.Collections;
import java.util.List;

/**
 * Uncertainty of agentic metrics (METRICS.md §5, beyond the peers): 95% BCa intervals of a mean from the clustered
 * bootstrap with the query as cluster (one stratum), and the paired sign-flip test of per-query differences
 * (METRICS.md §3 rules, including the "descriptive only" backstop).
 */
public final class AgentUncertainty {

    private static final String STRATUM = "all";

    private AgentUncertainty() {
    }

    /** The 95% BCa interval of the mean of {@code values} (one per query {@code ids}); none when {@code replicates} is 0. */
    public static Interval meanInterval(double[] values, List<String> ids, int replicates, long seed) {
        if (replicates == 0) {
            return Interval.none("statistics turned off (--bootstrap 0)");
        }
        if (values.length == 0) {
            return Interval.none("no values");
        }
        ClusterFrame frame = ClusterFrame.of(Collections.nCopies(ids.size(), STRATUM), ids);
        double[][] sums = {frame.clusterSums(values)};
        ClusteredBootstrap bootstrap = new ClusteredBootstrap(frame, replicates, seed);
        double point = frame.balancedMean(sums[0]);
        return Bca.interval(point, bootstrap.replicates(sums)[0], bootstrap.jackknife(sums)[0], 0.95);
    }

    /** The paired sign-flip test of per-query differences (cluster = query). */
    public static SignFlipPermutation.Result paired(double[] differences, List<String> ids, int replicates, long seed) {
        ClusterFrame frame = ClusterFrame.of(Collections.nCopies(ids.size(), STRATUM), ids);
        return new SignFlipPermutation(Math.max(replicates, 1), seed).test(frame, differences);
    }
}
