package io.clirbench.core.fusion;

import io.clirbench.core.metrics.language.Recoverability;
import java.util.Optional;

/**
 * Recovery against the ceiling (METRICS.md §6): for a run re-ranked with pool K over a first stage F,
 * {@code ceiling = RRC@K(F)}, {@code achieved} = share of Dom_X with {@code f_X ≤ 10} after re-ranking
 * (its RRC@10), {@code baseline = RRC@10(F)}, and {@code efficiency = (achieved − baseline) / (ceiling −
 * baseline)}, {@code null} when ceiling = baseline.
 *
 * @param k          the pool K
 * @param ceiling    RRC@K of the first stage
 * @param achieved   RRC@10 of the re-ranked run
 * @param baseline   RRC@10 of the first stage
 * @param efficiency recovery efficiency; {@code null} when undefined
 */
public record Recovery(int k, double ceiling, double achieved, double baseline, Double efficiency) {

    /** How deep the achieved recovery is read. */
    public static final int CUTOFF = 10;

    /** From the numbers themselves. */
    public static Recovery of(int k, double ceiling, double achieved, double baseline) {
        Double efficiency = ceiling == baseline ? null : (achieved - baseline) / (ceiling - baseline);
        return new Recovery(k, ceiling, achieved, baseline, efficiency);
    }

    /**
     * From the RRC curves of the first stage and of the re-ranked run; empty when a curve is empty (no
     * Dom_X) or lacks K or 10 (K must be a grid point, {@link Recoverability#gridFor}).
     */
    public static Optional<Recovery> of(int k, Recoverability first, Recoverability reranked) {
        Optional<Double> ceiling = at(first, k);
        Optional<Double> baseline = at(first, CUTOFF);
        Optional<Double> achieved = at(reranked, CUTOFF);
        if (ceiling.isEmpty() || baseline.isEmpty() || achieved.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(of(k, ceiling.get(), achieved.get(), baseline.get()));
    }

    private static Optional<Double> at(Recoverability r, int k) {
        return r.grid().stream().filter(p -> p.k() == k).map(Recoverability.GridPoint::rrc).findFirst();
    }
}
