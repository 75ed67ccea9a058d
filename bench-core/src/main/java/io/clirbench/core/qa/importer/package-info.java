/**
 * Converters into the XHotpotQA canonical schema: HotpotQA official JSON ({@link io.clirbench.core.qa.importer.HotpotImporter}),
 * Hugging Face {@code hotpot_qa} rows ({@link io.clirbench.core.qa.importer.HfHotpotImporter}) and XHotpotQA Hub rows
 * ({@link io.clirbench.core.qa.importer.XhotpotHubImporter}). Each reads the whole input, validates the result with
 * {@link io.clirbench.core.qa.format.QaValidator} and throws every problem at once before anything is written.
 */
package io.clirbench.core.qa.importer;
