package io.clirbench.core.report;

import io.clirbench.core.io.Csv;
import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.RunReport;
import java.util.ArrayList;
import java.util.List;

/** CSV renderings (RFC 4180 quoting): a wide summary table and a long table of every number. */
public final class CsvReport {

    private CsvReport() {
    }

    /** One row per run: the headline cells as printed, then the standard means. */
    public static String summary(EvalReport report) {
        List<List<String>> rows = new ArrayList<>();
        if (report.runs().isEmpty()) {
            return "";
        }
        List<String> header = new ArrayList<>();
        boolean language = report.runs().get(0).language() != null;
        if (language) {
            header.addAll(HeadlineTable.LANGUAGE_COLUMNS);
        }
        List<String> standardColumns = HeadlineTable.standardColumns(report.runs().get(0).standard().measureNames());
        header.addAll(language ? standardColumns.subList(1, standardColumns.size()) : standardColumns);
        rows.add(header);
        for (RunReport run : report.runs()) {
            List<String> row = new ArrayList<>();
            if (language) {
                row.addAll(HeadlineTable.languageRow(run, report.intervals(run.name())));
            }
            List<String> standard = HeadlineTable.standardRow(run);
            row.addAll(language ? standard.subList(1, standard.size()) : standard);
            rows.add(row);
        }
        return render(rows);
    }

    /** Every number, one per line: run, slice key, slice value, metric, value, queries. */
    public static String metrics(EvalReport report) {
        List<List<String>> rows = new ArrayList<>();
        rows.add(MetricRows.HEADER);
        for (RunReport run : report.runs()) {
            rows.addAll(MetricRows.of(run));
        }
        if (report.statistics() != null) {
            rows.addAll(MetricRows.of(report.statistics()));
        }
        rows.addAll(EfficiencySection.csvRows(report));
        return render(rows);
    }

    private static String render(List<List<String>> rows) {
        return Csv.render(rows);
    }
}
