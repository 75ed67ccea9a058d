package io.clirbench.core.io;

import java.util.ArrayList;
import java.util.List;

/**
 * RFC 4180 CSV, both ways: {@link #render} writes rows (CRLF line ends, a cell quoted when it holds
 * a comma, quote, CR or LF), {@link #parse} reads them back (quoted cells, doubled quotes, CRLF or LF).
 */
public final class Csv {

    private Csv() {
    }

    /** The rows as CSV text. */
    public static String render(List<List<String>> rows) {
        StringBuilder out = new StringBuilder();
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                out.append(quote(row.get(i)));
            }
            out.append("\r\n");
        }
        return out.toString();
    }

    /** The rows of CSV text; an unterminated quoted cell is an {@link IllegalArgumentException} naming its line. */
    public static List<List<String>> parse(String csv) {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        int line = 1;
        int quoteLine = 0;
        for (int i = 0; i < csv.length(); i++) {
            char c = csv.charAt(i);
            if (c == '\n') {
                line++;
            }
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
                quoteLine = line;
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
        if (quoted) {
            throw new IllegalArgumentException("CSV line " + quoteLine + ": quoted cell not closed");
        }
        if (!field.isEmpty() || !row.isEmpty()) {
            row.add(field.toString());
            rows.add(row);
        }
        return rows;
    }

    private static String quote(String cell) {
        if (cell.contains(",") || cell.contains("\"") || cell.contains("\n") || cell.contains("\r")) {
            return "\"" + cell.replace("\"", "\"\"") + "\"";
        }
        return cell;
    }
}
