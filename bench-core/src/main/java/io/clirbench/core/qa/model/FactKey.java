package io.clirbench.core.qa.model;

/** A fact as scoring sees it: {@code (paragraph id, sentence index)}; equal keys collapse in a set (METRICS.md §4 "Support"). */
public record FactKey(String paragraphId, int sentenceId) {
}
