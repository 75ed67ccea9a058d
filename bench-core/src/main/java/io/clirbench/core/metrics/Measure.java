package io.clirbench.core.metrics;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One section-1 measure (METRICS.md section 1) parsed from its name: a kind and a cutoff.
 *
 * @param name   the name as given, e.g. "nDCG@10"
 * @param kind   what is measured
 * @param cutoff k, or {@link Integer#MAX_VALUE} for the uncut "MRR", "MAP", "Rprec" and "bpref"
 */
record Measure(String name, Kind kind, int cutoff) {

    static final String VALID_FORMS = "R@k, P@k, Success@k, MRR@k, MRR, MAP, nDCG@k, Rprec, bpref, Judged@k (k a positive integer)";
    private static final Pattern CUT = Pattern.compile("(R|P|Success|MRR|nDCG|Judged)@([1-9][0-9]{0,8})");

    /** What is measured; {@link #readsNonRelevant} kinds also need where the judged non-relevant documents rank. */
    enum Kind {
        RECALL, PRECISION, SUCCESS, RECIPROCAL_RANK, AVERAGE_PRECISION, NDCG, R_PRECISION, BPREF, JUDGED;

        boolean readsNonRelevant() {
            return this == BPREF || this == JUDGED;
        }
    }

    static Measure parse(String name) {
        Kind uncut = name == null ? null : switch (name) {
            case "MRR" -> Kind.RECIPROCAL_RANK;
            case "MAP" -> Kind.AVERAGE_PRECISION;
            case "Rprec" -> Kind.R_PRECISION;
            case "bpref" -> Kind.BPREF;
            default -> null;
        };
        if (uncut != null) {
            return new Measure(name, uncut, Integer.MAX_VALUE);
        }
        Matcher m = name == null ? null : CUT.matcher(name);
        if (m == null || !m.matches()) {
            throw new IllegalArgumentException(String.format(Locale.ROOT,
                    "unknown measure '%s'; valid forms: %s", name, VALID_FORMS));
        }
        Kind kind = switch (m.group(1)) {
            case "R" -> Kind.RECALL;
            case "P" -> Kind.PRECISION;
            case "Success" -> Kind.SUCCESS;
            case "MRR" -> Kind.RECIPROCAL_RANK;
            case "Judged" -> Kind.JUDGED;
            default -> Kind.NDCG;
        };
        return new Measure(name, kind, Integer.parseInt(m.group(2)));
    }
}
