package io.clirbench.core.metrics.language;

import java.util.Locale;

/**
 * The reading-cost multiplier {@code XRC_C = D_C(f_X over Dom_X) / D_C(f_S over Dom_S)} (METRICS.md §2).
 *
 * @param value       the ratio; {@code null} when undefined (empty domain or censored denominator)
 * @param censored    the numerator was censored, so the value is {@code N / D_C(f_S)}, a lower bound
 * @param cross       {@code D_C(f_X)} as a depth
 * @param same        {@code D_C(f_S)} as a depth
 */
public record Xrc(Double value, boolean censored, Depth cross, Depth same) {

    static Xrc of(Depth cross, Depth same, int depth) {
        if (same.rank() == null || cross.n() == 0) {
            return new Xrc(null, false, cross, same); // denominator censored or a domain is empty
        }
        if (cross.censored()) {
            return new Xrc((double) depth / same.rank(), true, cross, same);
        }
        return new Xrc((double) cross.rank() / same.rank(), false, cross, same);
    }

    /** Printed form: {@code 3.50}, {@code >12.00} when censored, {@code n/a} when undefined. */
    public String display() {
        if (value == null) {
            return "n/a";
        }
        return (censored ? ">" : "") + String.format(Locale.ROOT, "%.2f", value);
    }
}
