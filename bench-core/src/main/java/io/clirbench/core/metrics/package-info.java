/**
 * Retrieval metrics. Section 1 of METRICS.md (trec_eval compatible):
 * <pre>{@code
 * Qrels qrels = TrecQrelsReader.read(Path.of("qrels.txt"));
 * StandardEvaluation evaluation = new StandardEvaluation(new StandardMeasures(StandardMeasures.DEFAULT_NAMES), qrels.asMap());
 * new TrecRunReader(Path.of("run.txt.gz")).forEachQuery(evaluation::accept);
 * StandardResult result = evaluation.finish();   // per query (qrels order) and trec_eval -c means
 * }</pre>
 */
package io.clirbench.core.metrics;
