/**
 * Retrieval datasets built without any LLM from a parallel corpus (documents that exist in several languages): one
 * family per document, queries from titles or headings, the random-existing / random-missing / all setups
 * ({@link io.clirbench.core.construct.parallel.ParallelDatasetBuilder}); and the reader of one such source, translated
 * manual pages ({@link io.clirbench.core.construct.parallel.ManPages}, {@link io.clirbench.core.construct.parallel.RoffText}).
 */
package io.clirbench.core.construct.parallel;
