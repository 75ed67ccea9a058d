/**
 * QA runs at the eval-service: {@code qa-predictions.v1} consumed idempotently
 * ({@link io.clirbench.eval.qa.QaEventConsumer}, {@link io.clirbench.eval.qa.QaEventHandler}), stored
 * ({@link io.clirbench.eval.qa.QaStore}), evaluated with exactly the code of {@code bench qa eval}
 * ({@link io.clirbench.eval.qa.QaReportBuilder}) and served ({@link io.clirbench.eval.qa.QaRunResource}).
 */
package io.clirbench.eval.qa;
