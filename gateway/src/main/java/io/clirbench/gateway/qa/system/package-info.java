/**
 * The QA systems of a run behind one port, {@link io.clirbench.gateway.qa.system.QaSystem}, one class per kind:
 * {@link io.clirbench.gateway.qa.system.EncoderQaSystem} ({@code select:MODEL}),
 * {@link io.clirbench.gateway.qa.system.LexicalQaSystem} ({@code select:lexical}) and
 * {@link io.clirbench.gateway.qa.system.PredictionsQaSystem} ({@code predictions:NAME}).
 *
 * <p>A new kind is an id record implementing bench-core's {@code QaSystemId}, a {@code QaSystemSyntax} row (a CDI bean here,
 * or a row of bench-core's built-in {@code QaSystemGrammar}) and one {@code QaSystem} bean; the
 * {@link io.clirbench.gateway.qa.system.QaSystemRegistry} finds both.
 */
package io.clirbench.gateway.qa.system;
