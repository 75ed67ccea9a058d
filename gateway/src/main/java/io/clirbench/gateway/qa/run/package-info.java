/**
 * The lifecycle of a QA run: accepted and persisted QUEUED ({@link io.clirbench.gateway.qa.run.QaRunService}),
 * executed ({@link io.clirbench.gateway.qa.run.QaRunOrchestrator}), watched at the eval-service until its report is
 * built; the retrieval runs' {@code RunProgress}, {@code RunSnapshot}, {@code RunLifecycle} and {@code EvalWatcher}
 * are reused as they are (a QA run's {@code retrievers} are its systems).
 */
package io.clirbench.gateway.qa.run;
