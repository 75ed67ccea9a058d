/**
 * The QA adapter of the pipeline: {@code qa-predictions.v1} (its topic adapter), each event applied under the run row's lock with its duplicate checks ({@link io.clirbench.eval.qa.QaEventHandler},
 * {@link io.clirbench.eval.qa.QaStore}), a complete run queued and evaluated with exactly the code of
 * {@code bench qa eval} ({@link io.clirbench.eval.qa.QaRunEvaluation}, {@link io.clirbench.eval.qa.QaReportBuilder})
 * and served ({@link io.clirbench.eval.qa.QaRunResource}).
 */
package io.clirbench.eval.qa;
