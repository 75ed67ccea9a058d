/**
 * Importers from other formats into the clirbench model: XQuAD ({@code XquadImporter}, shipped as
 * {@code datasets/xquad-clir} by {@code XquadRelease}), BEIR/MTEB directories ({@code BeirImporter})
 * and TREC qrels ({@code TrecQrelsReader}). They validate with the same code as the dataset reader.
 */
package io.clirbench.core.dataset.importer;
