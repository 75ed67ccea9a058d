/**
 * Rendering of QA evaluations: the XHotpotQA report keys and ours as JSON ({@link io.clirbench.core.qa.report.QaJsonReport}),
 * the console and Markdown tables ({@link io.clirbench.core.qa.report.QaTables}), the HTML page with inline SVG
 * bars and heat-map ({@link io.clirbench.core.qa.report.QaHtmlReport}), CSV, and all files at once
 * ({@link io.clirbench.core.qa.report.QaReportBundle}, named by {@link io.clirbench.core.report.ReportFiles#QA}).
 */
package io.clirbench.core.qa.report;
