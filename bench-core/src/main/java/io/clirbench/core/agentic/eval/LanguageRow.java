package io.clirbench.core.agentic.eval;

import io.clirbench.core.stats.Interval;
import io.clirbench.core.stats.WilsonInterval;

/**
 * One evidence language (or resource group) of a run (METRICS.md §5 "Per evidence language").
 *
 * @param language          the language code, or the group name
 * @param queries           queries whose evidence is in it
 * @param correct           of them, answered correctly
 * @param accuracy          {@code correct / queries}
 * @param accuracyInterval  the 95% Wilson interval of the accuracy
 * @param evidenceRecall    mean evidence recall, {@code null} when none has a value
 * @param recallInterval    its 95% BCa interval (cluster = query)
 * @param searchCalls       mean search calls over queries with a run
 * @param calibrationError  calibration error where ≥ 100 answers (default mode), else {@code null}
 */
public record LanguageRow(String language, int queries, int correct, double accuracy, WilsonInterval accuracyInterval,
                          Double evidenceRecall, Interval recallInterval, double searchCalls, Double calibrationError) {
}
