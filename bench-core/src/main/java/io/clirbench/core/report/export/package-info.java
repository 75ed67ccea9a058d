/**
 * Exports of a retrieval report for the tools people already use ({@code bench report --format}, {@code bench eval
 * --out}): {@code trec_eval -q -c} text ({@link io.clirbench.core.report.export.TrecEvalExport}), MTEB result JSON
 * ({@link io.clirbench.core.report.export.MtebExport}), ranx / ir_measures run and qrels JSON
 * ({@link io.clirbench.core.report.export.RanxExport}) and a booktabs LaTeX table
 * ({@link io.clirbench.core.report.export.LatexTable}). {@link io.clirbench.core.report.export.ReportExports} names
 * the files and renders the chosen formats; {@link io.clirbench.core.report.export.PeerMeasureNames} is the one home
 * of our measure names in trec_eval's and MTEB's spelling.
 */
package io.clirbench.core.report.export;
