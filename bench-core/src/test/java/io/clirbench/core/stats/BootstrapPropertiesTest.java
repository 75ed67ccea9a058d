package io.clirbench.core.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Random pieces of METRICS.md §3 checked by their properties: the clustered, stratified BCa reduces
 * to the textbook BCa when every query is its own family in one language, and its 95% interval
 * covers a known balanced mean about 95% of the time.
 */
class BootstrapPropertiesTest {

    @Test
    void withOneLanguageAndSingletonFamiliesItIsTheTextbookBca() {
        Random random = new Random(3);
        int n = 40;
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = -Math.log(1 - random.nextDouble()); // exponential(1): skewed, so BCa differs from percentile
        }
        List<String> langs = new ArrayList<>();
        List<String> families = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            langs.add("en");
            families.add("q" + i);
        }
        ClusterFrame frame = ClusterFrame.of(langs, families);
        double[][] sums = {frame.clusterSums(x)};
        double point = frame.balancedMean(sums[0]);
        // Average 5 independent estimates of each: one B = 10,000 estimate of the upper endpoint has a
        // Monte-Carlo SD of about 0.02 here (measured over seeds), the mean of 5 about 0.009.
        double[] ours = new double[2];
        double[] textbook = new double[2];
        for (int run = 0; run < 5; run++) {
            ClusteredBootstrap bootstrap = new ClusteredBootstrap(frame, 10_000, 17L + run);
            Interval interval = Bca.interval(point, bootstrap.replicates(sums)[0], bootstrap.jackknife(sums)[0], 0.95);
            assertThat(interval.method()).isEqualTo("BCa");
            ours[0] += interval.low() / 5;
            ours[1] += interval.high() / 5;
            double[] reference = textbookBca(x, 10_000, new Random(99 + run));
            textbook[0] += reference[0] / 5;
            textbook[1] += reference[1] / 5;
        }
        // Two independent Monte-Carlo estimates of the same interval agree within about 3 SD of their difference.
        assertThat(ours[0]).isCloseTo(textbook[0], within(0.03));
        assertThat(ours[1]).isCloseTo(textbook[1], within(0.04));
        // ...and BCa is not the plain percentile interval on this skewed sample: it shifts right.
        double[] percentile = percentileInterval(x, 10_000, new Random(5));
        assertThat(ours[1] - percentile[1]).isGreaterThan(0.01);
    }

    @Test
    void ninetyFivePercentIntervalsCoverTheKnownBalancedMean() {
        // Three languages with means 0.2, 0.5, 0.8 (balanced mean 0.5); 25 families per language with a
        // family effect N(0, 0.3^2) and 1-3 queries each with noise N(0, 0.5^2).
        Random random = new Random(2024);
        int datasets = 400;
        int covered = 0;
        double[] languageMean = {0.2, 0.5, 0.8};
        for (int d = 0; d < datasets; d++) {
            List<String> langs = new ArrayList<>();
            List<String> families = new ArrayList<>();
            List<Double> values = new ArrayList<>();
            for (int l = 0; l < 3; l++) {
                for (int f = 0; f < 25; f++) {
                    double effect = 0.3 * random.nextGaussian();
                    int size = 1 + random.nextInt(3);
                    for (int q = 0; q < size; q++) {
                        langs.add("l" + l);
                        families.add("l" + l + "f" + f);
                        values.add(languageMean[l] + effect + 0.5 * random.nextGaussian());
                    }
                }
            }
            ClusterFrame frame = ClusterFrame.of(langs, families);
            double[][] sums = {frame.clusterSums(values.stream().mapToDouble(Double::doubleValue).toArray())};
            ClusteredBootstrap bootstrap = new ClusteredBootstrap(frame, 2000, d);
            double point = frame.balancedMean(sums[0]);
            Interval interval = Bca.interval(point, bootstrap.replicates(sums)[0], bootstrap.jackknife(sums)[0], 0.95);
            if (interval.low() <= 0.5 && 0.5 <= interval.high()) {
                covered++;
            }
        }
        assertThat((double) covered / datasets).isBetween(0.93, 0.97);
    }

    @Test
    void sameSeedSameDrawsAndDifferencesArePaired() {
        ClusterFrame frame = ClusterFrame.of(List.of("en", "en", "de", "de"), List.of("a", "b", "a", "c"));
        ClusteredBootstrap bootstrap = new ClusteredBootstrap(frame, 500, 8L);
        double[][] sums = {frame.clusterSums(new double[] {1, 0, 1, 1}), frame.clusterSums(new double[] {0, 0, 1, 0})};
        double[][] first = bootstrap.replicates(sums);
        double[][] again = new ClusteredBootstrap(frame, 500, 8L).replicates(new double[][] {sums[1]});
        // The second series alone gets the same replicates as beside the first: the draws do not depend on the series.
        assertThat(again[0]).containsExactly(first[1]);
    }

    @Test
    void jackknifeLeavesEachFamilyOutOfEveryLanguage() {
        // en: a=1, b=0; de: a=1, c=1. Leaving out a: en {b} = 0, de {c} = 1 -> 0.5.
        // Leaving out b: en {a} = 1, de {a, c} = 1 -> 1. Leaving out c: en {a, b} = 0.5, de {a} = 1 -> 0.75.
        ClusterFrame frame = ClusterFrame.of(List.of("en", "en", "de", "de"), List.of("a", "b", "a", "c"));
        double[][] sums = {frame.clusterSums(new double[] {1, 0, 1, 1})};
        double[] jackknife = new ClusteredBootstrap(frame, 10, 1L).jackknife(sums)[0];
        assertThat(jackknife).containsExactly(0.5, 1.0, 0.75);
        // The point: en 0.5, de 1 -> 0.75.
        assertThat(frame.balancedMean(sums[0])).isEqualTo(0.75);
    }

    @Test
    void degenerateBiasFallsBackToThePercentileIntervalAndSaysSo() {
        double[] replicates = new double[200];
        Arrays.fill(replicates, 0.4);
        Interval interval = Bca.interval(0.4, replicates, new double[] {0.1, 0.2, 0.3}, 0.95);
        assertThat(interval.method()).isEqualTo("percentile");
        assertThat(interval.note()).contains("z0");
        assertThat(Bca.interval(0.4, new double[50], new double[3], 0.95).method()).isEqualTo("none");
    }

    private static double[] percentileInterval(double[] x, int b, Random random) {
        double[] boot = new double[b];
        for (int r = 0; r < b; r++) {
            double s = 0;
            for (int i = 0; i < x.length; i++) {
                s += x[random.nextInt(x.length)];
            }
            boot[r] = s / x.length;
        }
        Arrays.sort(boot);
        return new double[] {boot[(int) (0.025 * b)], boot[(int) (0.975 * b)]};
    }

    /** Textbook BCa of the mean (Efron and Tibshirani 1993, ch. 14), written out independently. */
    private static double[] textbookBca(double[] x, int b, Random random) {
        int n = x.length;
        double mean = Arrays.stream(x).average().orElseThrow();
        double[] boot = new double[b];
        for (int r = 0; r < b; r++) {
            double s = 0;
            for (int i = 0; i < n; i++) {
                s += x[random.nextInt(n)];
            }
            boot[r] = s / n;
        }
        Arrays.sort(boot);
        long below = Arrays.stream(boot).filter(v -> v < mean).count();
        double z0 = Normal.quantile((double) below / b);
        double total = Arrays.stream(x).sum();
        double[] loo = new double[n];
        for (int i = 0; i < n; i++) {
            loo[i] = (total - x[i]) / (n - 1);
        }
        double looMean = Arrays.stream(loo).average().orElseThrow();
        double num = 0;
        double den = 0;
        for (double v : loo) {
            num += Math.pow(looMean - v, 3);
            den += Math.pow(looMean - v, 2);
        }
        double a = num / (6 * Math.pow(den, 1.5));
        double[] result = new double[2];
        double[] z = {-1.959963985, 1.959963985};
        for (int k = 0; k < 2; k++) {
            double level = Normal.cdf(z0 + (z0 + z[k]) / (1 - a * (z0 + z[k])));
            result[k] = boot[(int) Math.min(b - 1, Math.floor(level * b))];
        }
        return result;
    }
}
