package io.clirbench.core.build.parallel;

/** One language version of a family: the heading a query is made from, and the text without it. */
public record ParallelVersion(String family, String lang, String heading, String text) {
}
