/**
 * Evidence selectors: {@link io.clirbench.core.qa.select.LexicalSelector} (the xquad-mix lexical baseline),
 * {@link io.clirbench.core.qa.select.OracleSelector} (gold answer and support) and
 * {@link io.clirbench.core.qa.select.EmbeddingSelector} (scores from an encoder's vectors, used by the platform's
 * {@code select:MODEL} systems), plus the QA system id grammar {@link io.clirbench.core.qa.select.QaSystemId}.
 */
package io.clirbench.core.qa.select;
