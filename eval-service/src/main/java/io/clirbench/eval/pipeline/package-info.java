/**
 * The one evaluation pipeline of the three pillars (retrieval, QA, agent): the consumers of every topic
 * ({@link io.clirbench.eval.pipeline.EventConsumers}, each channel mapped by its pillar's
 * {@link io.clirbench.eval.pipeline.TopicAdapter}), the dead letters with their reasons
 * ({@link io.clirbench.eval.pipeline.DeadLetters}), the channel names, the run states
 * ({@link io.clirbench.eval.pipeline.EvaluationState}), the evaluation queue every replica shares with its leases and
 * costs ({@link io.clirbench.eval.pipeline.EvaluationQueueStore}, {@link io.clirbench.eval.pipeline.EvaluationScheduler},
 * {@link io.clirbench.eval.pipeline.EvaluationRunner}, {@link io.clirbench.eval.pipeline.EvaluationCost}) and the one
 * report-file store keyed by kind, run and name ({@link io.clirbench.eval.pipeline.ReportFileStore}). Each pillar is an
 * adapter that maps its events (under its run row's lock) and names its evaluation
 * ({@link io.clirbench.eval.pipeline.PillarEvaluation}).
 */
package io.clirbench.eval.pipeline;
