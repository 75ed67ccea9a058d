/**
 * Writes a QA dataset in the form XHotpotQA v0.4.0's own tools read
 * ({@link io.clirbench.core.qa.export.XhotpotExport}, {@code bench qa export --format xhotpotqa}): one record per line
 * exactly as its {@code write_instances} would write it ({@link io.clirbench.core.qa.export.PythonJson}), with its
 * checksum, the fields its schema has no place for kept in a sidecar
 * ({@link io.clirbench.core.qa.export.XhotpotRecord}), and instances in languages outside its 24-code table
 * ({@link io.clirbench.core.qa.export.XhotpotLanguages}) left out and counted.
 */
package io.clirbench.core.qa.export;
