/**
 * Multi-hop question answering over mixed-language evidence (XHotpotQA family, METRICS.md §4).
 *
 * <p>Usage: read a dataset with {@link io.clirbench.core.qa.format.QaDatasetReader}, predictions with
 * {@link io.clirbench.core.qa.format.PredictionReader}, evaluate them with
 * {@link io.clirbench.core.qa.QaEvaluation#evaluate} under a {@link io.clirbench.core.qa.eval.Protocol} and a
 * {@link io.clirbench.core.stats.Stats} (each system scored by {@link io.clirbench.core.qa.eval.QaEvaluator}, intervals and
 * tests by {@link io.clirbench.core.qa.stats.QaStatistics}), and render every file with
 * {@link io.clirbench.core.qa.report.QaReportBundle#render}. Sub-packages: {@code model} (values), {@code format}
 * (files), {@code importer} (HotpotQA, Hugging Face, XHotpotQA Hub rows), {@code eval} (scoring),
 * {@code stats}, {@code audit} (dataset gates), {@code build} (the shipped xquad-mix dataset), {@code report}.
 */
package io.clirbench.core.qa;
