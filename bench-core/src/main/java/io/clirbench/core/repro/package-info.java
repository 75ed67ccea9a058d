/**
 * Reproduction checks, as Anserini's regressions, for every pillar: a YAML file names what to evaluate (run files
 * offline, retrievers of any kind through the local stack or a gateway, QA predictions, an agent run) and the expected
 * value of each headline metric with a tolerance and the source of that value (a derivation from probability, a
 * recorded run, a peer's stored output); {@link io.clirbench.core.repro.ReproCheck} compares a report's
 * {@code metrics.csv} against it, or the numbers of a QA or agent report by key path
 * ({@link io.clirbench.core.repro.ReproValues}, {@link io.clirbench.core.repro.MetricTable#ofReports}).
 *
 * <pre>
 * ReproSpec spec = ReproSpecReader.read(Path.of("repro/xquad-clir-random.yaml"));
 * List&lt;ReproCheck.Outcome&gt; outcomes = ReproCheck.check(spec.expected(), MetricTable.parse(metricsCsv));
 * </pre>
 */
package io.clirbench.core.repro;
