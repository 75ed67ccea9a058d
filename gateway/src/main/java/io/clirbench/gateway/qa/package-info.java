/**
 * QA runs on the gateway (ARCHITECTURE.md "QA runs on the platform"): QA datasets ({@code store}, {@code rest}),
 * the systems behind one port ({@code system}: {@code select:MODEL}, {@code select:lexical}, {@code predictions:NAME}),
 * the run lifecycle that reuses the retrieval runs' {@code RunProgress}, {@code RunSnapshot} and {@code EvalWatcher}
 * ({@code run}), the {@code qa-predictions.v1} events ({@code messaging}) and the optional reader ({@code reader}).
 */
package io.clirbench.gateway.qa;
