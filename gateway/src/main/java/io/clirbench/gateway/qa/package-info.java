/**
 * QA runs on the gateway (ARCHITECTURE.md "QA runs on the platform"), one feature in one package: QA datasets
 * ({@code QaDatasetStore}, {@code QaDatasetRecord}, {@code PredictionUploads}, {@code QaDatasetResource}), the runs
 * ({@code QaRunService} on the retrieval runs' {@code RunIntake} and {@code RunLifecycleService},
 * {@code QaRunValidator}, {@code QaRunOrchestrator}, {@code QaRunTask}, {@code QaRunStore}, {@code QaRunResource},
 * {@code QaPageResource}), the {@code qa-predictions.v1} events ({@code QaEventMapper}, {@code QaEventPublisher}) and
 * {@code QaConfig}. Sub-packages: the systems behind one port ({@code system}: {@code select:MODEL},
 * {@code select:lexical}, {@code predictions:NAME}) and the optional reader ({@code reader}).
 */
package io.clirbench.gateway.qa;
