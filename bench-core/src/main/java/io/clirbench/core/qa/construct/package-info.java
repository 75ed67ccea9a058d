/**
 * Builds the shipped {@code datasets/xquad-mix} QA dataset from XQuAD offline
 * ({@link io.clirbench.core.qa.construct.XquadMixBuilder}), with sentences cut by ICU4J
 * ({@link io.clirbench.core.qa.construct.SentenceSplitter}); see {@code datasets/xquad-mix/README.md}.
 */
package io.clirbench.core.qa.construct;
