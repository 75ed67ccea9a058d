/**
 * QA file formats: the XHotpotQA canonical dataset ({@code dataset.json} with {@code "kind": "qa"} and
 * {@code instances.jsonl[.gz]}), read and validated as a whole ({@link io.clirbench.core.qa.format.QaDatasetReader})
 * and written ({@link io.clirbench.core.qa.format.QaDatasetWriter}); prediction files in XHotpotQA JSONL or
 * HotpotQA JSON, told apart by content ({@link io.clirbench.core.qa.format.PredictionReader}).
 */
package io.clirbench.core.qa.format;
