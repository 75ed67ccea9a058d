/**
 * Importers from other formats into the clirbench model: XQuAD ({@code XquadImporter}, shipped as
 * {@code datasets/xquad-clir} by {@code XquadRelease}) and BEIR/MTEB directories ({@code BeirImporter}).
 * They validate with the same code as the dataset reader. TREC qrels are read by
 * {@link io.clirbench.core.format.trec.TrecQrelsReader}.
 */
package io.clirbench.core.dataset.importer;
