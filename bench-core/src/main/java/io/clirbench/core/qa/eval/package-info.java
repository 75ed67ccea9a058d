/**
 * Scoring of QA predictions, METRICS.md §4: the three answer protocols ({@link io.clirbench.core.qa.eval.Protocol}),
 * answer, support and joint EM/P/R/F1 ({@link io.clirbench.core.qa.eval.ExampleScorer}), instance descriptors,
 * conditions and bins ({@link io.clirbench.core.qa.eval.Descriptor}), and the streaming aggregation into the
 * XHotpotQA report ({@link io.clirbench.core.qa.eval.QaEvaluator} → {@link io.clirbench.core.qa.eval.QaResult}).
 * What is aggregated and reported is a registry of measures ({@link io.clirbench.core.qa.eval.QaMeasures} of
 * {@link io.clirbench.core.qa.eval.QaMeasure}, bench-core README "How to add a measure").
 */
package io.clirbench.core.qa.eval;
