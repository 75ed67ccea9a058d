/**
 * The TREC file formats: runs ({@link io.clirbench.core.format.trec.TrecRunReader}, streaming,
 * trec_eval order, plain or gzip; {@link io.clirbench.core.format.trec.TrecRunWriter}) and qrels
 * ({@link io.clirbench.core.format.trec.TrecQrelsReader}). Malformed run input throws
 * {@link io.clirbench.core.format.trec.RunFormatException} naming the file, line and value.
 */
package io.clirbench.core.format.trec;
