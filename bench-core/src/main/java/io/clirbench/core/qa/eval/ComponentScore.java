package io.clirbench.core.qa.eval;

/** Exact match, precision, recall and F1 of one component (answer, support or joint) of one example. */
public record ComponentScore(double exactMatch, double precision, double recall, double f1) {

    /** All four zero. */
    public static final ComponentScore ZERO = new ComponentScore(0, 0, 0, 0);

    /** The harmonic mean of p and r; 0 when p + r = 0. */
    static double harmonic(double p, double r) {
        return p + r == 0 ? 0 : 2 * p * r / (p + r);
    }

    /** The value of one measure: 0 = EM, 1 = P, 2 = R, 3 = F1. */
    public double get(int measure) {
        return switch (measure) {
            case 0 -> exactMatch;
            case 1 -> precision;
            case 2 -> recall;
            case 3 -> f1;
            default -> throw new IllegalArgumentException("measure " + measure);
        };
    }
}
