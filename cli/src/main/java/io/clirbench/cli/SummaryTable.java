package io.clirbench.cli;

import io.clirbench.core.report.TextTable;
import java.util.ArrayList;
import java.util.List;

/** Prints a report's {@code summary.csv} (RFC 4180) as an aligned text table. */
final class SummaryTable {

    private SummaryTable() {
    }

    static String render(String csv) {
        List<List<String>> rows = parse(csv);
        if (rows.isEmpty()) {
            return "(empty summary)\n";
        }
        return TextTable.plain(rows.get(0), rows.subList(1, rows.size()));
    }

    static List<List<String>> parse(String csv) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < csv.length(); i++) {
            char c = csv.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < csv.length() && csv.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                row.add(field.toString());
                field.setLength(0);
            } else if (c == '\n') {
                row.add(field.toString());
                field.setLength(0);
                rows.add(row);
                row = new ArrayList<>();
            } else if (c != '\r') {
                field.append(c);
            }
        }
        if (!field.isEmpty() || !row.isEmpty()) {
            row.add(field.toString());
            rows.add(row);
        }
        return rows;
    }
}
