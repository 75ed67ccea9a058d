package io.clirbench.core.qa.export;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * XHotpotQA's {@code canonical_json}: Python's {@code json.dumps(value, ensure_ascii=False, sort_keys=True,
 * separators=(",", ":"))}, written out so that the bytes (and so the record checksums) equal the peer's. The rules
 * copied from CPython 3.11 {@code json.encoder}: keys sorted by code point; only {@code "}, {@code \}, and the
 * C0 controls are escaped ({@code \n}, {@code \r}, {@code \t}, {@code \b}, {@code \f}, else {@code \}{@code u00xx}
 * in lower-case hex); {@code True}/{@code False}/{@code None} as {@code true}/{@code false}/{@code null}; a float as
 * {@code float.__repr__} (shortest round-trip digits, exponent form when the decimal exponent is below -4 or 16 and
 * above, {@code 1e-05}, {@code 1e+16}, {@code 1.0}); {@code NaN}, {@code Infinity}, {@code -Infinity}.
 */
public final class PythonJson {

    private PythonJson() {
    }

    /** The canonical text of a value built from maps (string keys), lists, strings, numbers, booleans and nulls. */
    public static String dumps(Object value) {
        StringBuilder out = new StringBuilder(256);
        write(value, out);
        return out.toString();
    }

    private static void write(Object value, StringBuilder out) {
        switch (value) {
            case null -> out.append("null");
            case String s -> string(s, out);
            case Boolean b -> out.append(b ? "true" : "false");
            case Integer i -> out.append(i.intValue());
            case Long l -> out.append(l.longValue());
            case Short s -> out.append(s.shortValue());
            case BigInteger b -> out.append(b);
            case Double d -> out.append(floatRepr(d));
            case Float f -> out.append(floatRepr(f.doubleValue()));
            case BigDecimal b -> out.append(floatRepr(b.doubleValue()));
            case Map<?, ?> m -> object(m, out);
            case Collection<?> c -> array(c, out);
            default -> throw new IllegalArgumentException("no JSON form for a " + value.getClass().getName());
        }
    }

    private static void object(Map<?, ?> map, StringBuilder out) {
        List<String> keys = new ArrayList<>(map.size());
        for (Object k : map.keySet()) {
            if (!(k instanceof String s)) {
                throw new IllegalArgumentException("a JSON object key must be a string, found " + k);
            }
            keys.add(s);
        }
        keys.sort(PythonJson::compareCodePoints);
        out.append('{');
        for (int i = 0; i < keys.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            string(keys.get(i), out);
            out.append(':');
            write(map.get(keys.get(i)), out);
        }
        out.append('}');
    }

    private static void array(Collection<?> items, StringBuilder out) {
        out.append('[');
        boolean first = true;
        for (Object item : items) {
            if (!first) {
                out.append(',');
            }
            first = false;
            write(item, out);
        }
        out.append(']');
    }

    /** Python compares {@code str} by code point; Java's {@code compareTo} by UTF-16 unit (they differ above U+FFFF). */
    static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int x = a.codePointAt(i);
            int y = b.codePointAt(j);
            if (x != y) {
                return Integer.compare(x, y);
            }
            i += Character.charCount(x);
            j += Character.charCount(y);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    private static void string(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /** Python's {@code repr(float)} (CPython {@code float_repr_style = 'short'}). */
    static String floatRepr(double d) {
        if (Double.isNaN(d)) {
            return "NaN";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "Infinity" : "-Infinity";
        }
        if (d == 0) {
            return (1 / d < 0) ? "-0.0" : "0.0";
        }
        // Double.toString gives the shortest digits that round-trip (JDK 19 and later), as Python's repr does, except
        // that it never gives fewer than two (5e-324 is "4.9E-324"): a single digit is taken when it round-trips
        BigDecimal exact = new BigDecimal(Double.toString(Math.abs(d))).stripTrailingZeros();
        if (exact.precision() == 2) {
            BigDecimal one = new BigDecimal(Math.abs(d)).round(new java.math.MathContext(1, java.math.RoundingMode.HALF_EVEN));
            if (Double.parseDouble(one.toString()) == Math.abs(d)) {
                exact = one.stripTrailingZeros();
            }
        }
        String digits = exact.unscaledValue().toString();
        int decpt = digits.length() - exact.scale(); // value = 0.DIGITS x 10^decpt
        StringBuilder out = new StringBuilder(d < 0 ? "-" : "");
        if (decpt <= -4 || decpt > 16) {
            out.append(digits.charAt(0));
            if (digits.length() > 1) {
                out.append('.').append(digits, 1, digits.length());
            }
            int exp = decpt - 1;
            out.append('e').append(exp < 0 ? '-' : '+');
            String e = Integer.toString(Math.abs(exp));
            out.append(e.length() < 2 ? "0" + e : e);
        } else if (decpt <= 0) {
            out.append("0.").append("0".repeat(-decpt)).append(digits);
        } else if (decpt >= digits.length()) {
            out.append(digits).append("0".repeat(decpt - digits.length())).append(".0");
        } else {
            out.append(digits, 0, decpt).append('.').append(digits, decpt, digits.length());
        }
        return out.toString();
    }
}
