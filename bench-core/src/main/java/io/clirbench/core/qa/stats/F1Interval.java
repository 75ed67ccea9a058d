package io.clirbench.core.qa.stats;

import io.clirbench.core.stats.Interval;

/**
 * The 95% interval of one F1 on one domain for one system.
 *
 * @param system    the prediction file's name
 * @param domain    {@code overall} or a condition name
 * @param component {@code answer}, {@code support} or {@code joint}
 * @param n         examples in the domain
 * @param languages question languages (strata)
 * @param clusters  source examples (families)
 * @param balanced  the language-balanced mean the interval is about (the macro F1 of the domain)
 * @param interval  the BCa interval (or its documented fallback, or none)
 */
public record F1Interval(String system, String domain, String component, int n, int languages, int clusters,
                         double balanced, Interval interval) {
}
