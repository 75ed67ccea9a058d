package io.clirbench.core.repro;

/**
 * One expected value of a reproduction file.
 *
 * @param run       the run's name in the report (a run file's name, or a retriever id)
 * @param metric    the metric's name as in {@code metrics.csv} ({@code R@10_same}, {@code nDCG@10}, ...)
 * @param section   1 (standard measures) or 2 (language-aware); 0 when not given: §2 when it has the name, else §1
 * @param value     the expected value
 * @param tolerance the largest accepted absolute difference
 * @param source    where the value comes from (a derivation, a recorded run)
 */
public record Expectation(String run, String metric, int section, double value, double tolerance, String source) {

    /** Whether {@code actual} is within the tolerance. */
    public boolean accepts(double actual) {
        return Math.abs(actual - value) <= tolerance;
    }
}
