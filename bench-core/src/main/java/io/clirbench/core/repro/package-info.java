/**
 * Reproduction checks, as Anserini's regressions: a YAML file names what to evaluate (run files
 * offline, or retrievers through the local stack) and the expected value of each headline metric
 * with a tolerance and the source of that value (a derivation from probability, a recorded run);
 * {@link io.clirbench.core.repro.ReproCheck} compares a report's {@code metrics.csv} against it.
 *
 * <pre>
 * ReproSpec spec = ReproSpecReader.read(Path.of("repro/xquad-clir-random.yaml"));
 * List&lt;ReproCheck.Outcome&gt; outcomes = ReproCheck.check(spec.expected(), MetricTable.parse(metricsCsv));
 * </pre>
 */
package io.clirbench.core.repro;
