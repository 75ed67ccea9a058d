package io.clirbench.core.qa.stats;

import io.clirbench.core.stats.Interval;

/**
 * The 95% interval of one measure (answer, support or joint F1 in the standard registry) on one domain for one system.
 *
 * @param system    the prediction file's name
 * @param domain    {@code overall} or a condition name
 * @param measure   the measure's key ({@code answer_f1}, ...)
 * @param component the measure's component ({@code answer}, {@code support} or {@code joint}), {@code null} for none
 * @param n         examples in the domain
 * @param languages question languages (strata)
 * @param clusters  source examples (families)
 * @param balanced  the language-balanced mean the interval is about (the macro F1 of the domain)
 * @param interval  the BCa interval (or its documented fallback, or none)
 */
public record F1Interval(String system, String domain, String measure, String component, int n, int languages, int clusters,
                         double balanced, Interval interval) {
}
