/**
 * Evidence selectors that run in bench-core without a model: {@link io.clirbench.core.qa.select.LexicalSelector}
 * (the xquad-mix lexical baseline) and {@link io.clirbench.core.qa.select.OracleSelector} (gold answer and support).
 */
package io.clirbench.core.qa.select;
