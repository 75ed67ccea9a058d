/**
 * Reading, validating and writing datasets in the clirbench layout (ARCHITECTURE.md "Dataset layout").
 *
 * <p>{@link io.clirbench.core.dataset.DatasetReader#read(java.nio.file.Path)} validates a whole
 * directory and throws a {@link io.clirbench.core.dataset.DatasetFormatException} listing every
 * problem ({@code qrels.tsv line 42: unknown document id 'X'}).
 * {@link io.clirbench.core.dataset.DatasetWriter#write} writes deterministic gzipped files through a
 * temporary sibling directory. Importers from other formats live in {@code dataset.importer}.
 */
package io.clirbench.core.dataset;
