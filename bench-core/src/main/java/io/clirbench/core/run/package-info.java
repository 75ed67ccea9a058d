/**
 * Ranked result lists and the TREC run format: {@link io.clirbench.core.run.TrecRunReader}
 * (streaming, trec_eval order, plain or gzip), {@link io.clirbench.core.run.TrecRunWriter},
 * {@link io.clirbench.core.run.TrecQrelsReader}. Malformed input throws
 * {@link io.clirbench.core.run.RunFormatException} naming the file, line and value.
 */
package io.clirbench.core.run;
