/**
 * Ranked result lists ({@link io.clirbench.core.run.RankedList}) in trec_eval's ranking order
 * ({@link io.clirbench.core.run.TrecOrder}), and random runs. The TREC run and qrels file formats
 * are in {@link io.clirbench.core.format.trec}.
 */
package io.clirbench.core.run;
