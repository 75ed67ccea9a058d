/**
 * Importers from other formats into the clirbench model: XQuAD ({@code XquadImporter}, shipped as
 * {@code datasets/xquad-clir} by {@code XquadRelease}), BEIR/MTEB directories ({@code BeirImporter}), ChemCLIR-Bench's
 * QAC CSV ({@code ChemclirQacImporter}) and the released layouts of the standard cross-language collections:
 * {@code MiraclImporter}, {@code NeuclirImporter}, {@code XorTydiImporter}, {@code MtebImporter} (v2) and
 * {@code IrDatasetsImporter} ({@code ir_datasets export}). The collection importers share their line readers
 * ({@code ImportLines}, {@code EntityLines}, {@code JudgmentFiles}), the cross-file checks ({@code DatasetAssembly})
 * and the language-code mapping ({@code LanguageCodes}). They validate with the same rules as the dataset reader.
 * TREC qrels are read by {@link io.clirbench.core.format.trec.TrecQrelsReader}.
 */
package io.clirbench.core.dataset.importer;
