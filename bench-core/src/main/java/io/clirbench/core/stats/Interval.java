package io.clirbench.core.stats;

/**
 * A confidence interval and how it was obtained.
 *
 * @param low    lower bound, {@code null} when no interval could be given
 * @param high   upper bound, {@code null} when no interval could be given
 * @param method {@code BCa}, {@code percentile} (a documented fallback) or {@code none}
 * @param note   why a fallback or no interval was used; {@code null} for a plain BCa interval
 */
public record Interval(Double low, Double high, String method, String note) {

    /** No interval, with the reason. */
    public static Interval none(String why) {
        return new Interval(null, null, "none", why);
    }

    /** Whether bounds are present. */
    public boolean defined() {
        return low != null && high != null;
    }
}
