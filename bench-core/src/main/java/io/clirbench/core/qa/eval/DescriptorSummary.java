package io.clirbench.core.qa.eval;

import java.util.Arrays;

/**
 * Summary of one descriptor over the examples where it applies (the XHotpotQA {@code descriptor_summaries}).
 *
 * @param symbol        {@code rho_G}, {@code rho_D}, {@code H_G} or {@code K_C}
 * @param n             examples with a value
 * @param notApplicable examples without one (ρ_D without distractors); {@code null} for the others
 * @param mean          mean ({@code NaN} when n = 0)
 * @param median        median (mean of the middle two for even n)
 * @param min           minimum
 * @param max           maximum
 */
public record DescriptorSummary(String symbol, int n, Integer notApplicable, double mean, double median, double min, double max) {

    static DescriptorSummary of(String symbol, double[] values, int count, Integer notApplicable) {
        if (count == 0) {
            return new DescriptorSummary(symbol, 0, notApplicable, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double[] sorted = Arrays.copyOf(values, count);
        Arrays.sort(sorted);
        double sum = 0;
        for (double v : sorted) {
            sum += v;
        }
        double median = count % 2 == 1 ? sorted[count / 2] : (sorted[count / 2 - 1] + sorted[count / 2]) / 2;
        return new DescriptorSummary(symbol, count, notApplicable, sum / count, median, sorted[0], sorted[count - 1]);
    }
}
