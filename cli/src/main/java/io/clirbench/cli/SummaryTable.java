package io.clirbench.cli;

import io.clirbench.core.io.Csv;
import io.clirbench.core.report.TextTable;
import java.util.List;

/** Prints a report's {@code summary.csv} (RFC 4180) as an aligned text table. */
public final class SummaryTable {

    private SummaryTable() {
    }

    public static String render(String csv) {
        List<List<String>> rows = Csv.parse(csv);
        if (rows.isEmpty()) {
            return "(empty summary)\n";
        }
        return TextTable.plain(rows.get(0), rows.subList(1, rows.size()));
    }
}
