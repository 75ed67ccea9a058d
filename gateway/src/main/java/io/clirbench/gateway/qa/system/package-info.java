/**
 * The QA systems of a run behind one port, {@link io.clirbench.gateway.qa.system.QaSystem}, one class per kind:
 * {@link io.clirbench.gateway.qa.system.EncoderQaSystem} ({@code select:MODEL}),
 * {@link io.clirbench.gateway.qa.system.LexicalQaSystem} ({@code select:lexical}) and
 * {@link io.clirbench.gateway.qa.system.PredictionsQaSystem} ({@code predictions:NAME}).
 */
package io.clirbench.gateway.qa.system;
