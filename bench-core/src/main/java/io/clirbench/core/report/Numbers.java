package io.clirbench.core.report;

import java.util.Locale;

/** Number formatting shared by the report renderers (always {@link Locale#ROOT}). */
public final class Numbers {

    private Numbers() {
    }

    /** {@code value} with {@code digits} decimals, or {@code n/a} when undefined. */
    public static String fixed(Double value, int digits) {
        return value == null || value.isNaN() ? "n/a" : String.format(Locale.ROOT, "%." + digits + "f", value);
    }

    /** A number for CSV/JSON-like output: full precision, empty when undefined. */
    public static String raw(Double value) {
        return value == null || value.isNaN() ? "" : Double.toString(value);
    }
}
