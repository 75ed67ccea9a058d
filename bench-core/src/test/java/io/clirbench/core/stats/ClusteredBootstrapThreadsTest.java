package io.clirbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The replicates of {@link ClusteredBootstrap} do not depend on how they are computed: in parallel chunks from walked
 * start positions, or one after another on one thread, every value is the same double (strata of several sizes, one
 * of them a power of two, clusters of one and of several queries, one to five series).
 */
class ClusteredBootstrapThreadsTest {

    @Test
    void parallelAndSequentialReplicatesAreTheSameDoubles() {
        Random random = new Random(11);
        List<String> langs = new ArrayList<>();
        List<String> families = new ArrayList<>();
        String[] languages = {"ar", "de", "en", "zh"};
        int[] sizes = {37, 64, 101, 8};
        for (int l = 0; l < languages.length; l++) {
            for (int i = 0; i < sizes[l]; i++) {
                langs.add(languages[l]);
                families.add(l == 2 && i % 3 == 0 ? "shared" + (i / 9) : languages[l] + i); // en: some multi-query clusters
            }
        }
        ClusterFrame frame = ClusterFrame.of(langs, families);
        for (int series = 1; series <= 5; series++) {
            double[][] sums = new double[series][];
            for (int r = 0; r < series; r++) {
                double[] values = new double[langs.size()];
                for (int i = 0; i < values.length; i++) {
                    values[i] = random.nextDouble();
                }
                sums[r] = frame.clusterSums(values);
            }
            ClusteredBootstrap bootstrap = new ClusteredBootstrap(frame, 1_000, 42);
            double[][] parallel = bootstrap.replicates(sums, true);
            double[][] sequential = bootstrap.replicates(sums, false);
            for (int r = 0; r < series; r++) {
                assertThat(sequential[r]).containsExactly(parallel[r]);
            }
        }
    }
}
