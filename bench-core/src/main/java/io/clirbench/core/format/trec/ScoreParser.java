package io.clirbench.core.format.trec;

import java.nio.charset.StandardCharsets;

/**
 * Parses a score token with exactly the result of {@link Double#parseDouble}. Plain decimals
 * ("12.34", "-0.5", "7") take a fast path: when the digits form an integer m ≤ 2^53 and there
 * are at most 22 fractional digits, m and 10^f are exact doubles and one IEEE division is
 * correctly rounded, so m / 10^f is the nearest double to the decimal (Clinger's fast path),
 * which is what parseDouble returns. Everything else ("2e0", "1.5d", long mantissas) goes to
 * parseDouble itself. Exactness matters: equal scores must tie as they do in trec_eval.
 */
final class ScoreParser {

    private static final long MAX_EXACT = 1L << 53;
    private static final double[] POW10 = new double[23];

    static {
        double p = 1;
        for (int i = 0; i < POW10.length; i++) {
            POW10[i] = p;
            p *= 10;
        }
    }

    private ScoreParser() {
    }

    /** The value of {@code b[from, to)}; throws NumberFormatException when parseDouble would. */
    static double parse(byte[] b, int from, int to) {
        int i = from;
        boolean negative = false;
        if (i < to && (b[i] == '-' || b[i] == '+')) {
            negative = b[i] == '-';
            i++;
        }
        long mantissa = 0;
        int digits = 0;
        int fractionDigits = 0;
        boolean dot = false;
        for (; i < to; i++) {
            int c = b[i];
            if (c >= '0' && c <= '9') {
                if (++digits > 18) {
                    return slow(b, from, to);
                }
                mantissa = mantissa * 10 + (c - '0');
                if (dot) {
                    fractionDigits++;
                }
            } else if (c == '.' && !dot) {
                dot = true;
            } else {
                return slow(b, from, to);
            }
        }
        if (digits == 0 || mantissa > MAX_EXACT || fractionDigits >= POW10.length) {
            return slow(b, from, to);
        }
        double value = fractionDigits == 0 ? (double) mantissa : mantissa / POW10[fractionDigits];
        return negative ? -value : value; // -value keeps parseDouble's -0.0 for "-0.00"
    }

    private static double slow(byte[] b, int from, int to) {
        return Double.parseDouble(new String(b, from, to - from, StandardCharsets.ISO_8859_1));
    }
}
