package io.clirbench.core.report;

import java.util.List;

/** Lays out rows of cells as an aligned plain-text table or a Markdown table. */
public final class TextTable {

    private TextTable() {
    }

    /** Plain text: columns padded to their widest cell, separated by two spaces. */
    public static String plain(List<String> header, List<List<String>> rows) {
        int[] widths = widths(header, rows);
        StringBuilder out = new StringBuilder();
        appendPlain(out, header, widths);
        for (List<String> row : rows) {
            appendPlain(out, row, widths);
        }
        return out.toString();
    }

    /** GitHub-flavoured Markdown, first column left-aligned and the others right-aligned. */
    public static String markdown(List<String> header, List<List<String>> rows) {
        StringBuilder out = new StringBuilder();
        out.append("| ").append(String.join(" | ", escape(header))).append(" |\n|");
        for (int i = 0; i < header.size(); i++) {
            out.append(i == 0 ? "---|" : "---:|");
        }
        out.append('\n');
        for (List<String> row : rows) {
            out.append("| ").append(String.join(" | ", escape(row))).append(" |\n");
        }
        return out.toString();
    }

    private static List<String> escape(List<String> cells) {
        return cells.stream().map(c -> c.replace("|", "\\|")).toList();
    }

    private static int[] widths(List<String> header, List<List<String>> rows) {
        int[] widths = new int[header.size()];
        for (int i = 0; i < header.size(); i++) {
            widths[i] = header.get(i).length();
        }
        for (List<String> row : rows) {
            for (int i = 0; i < row.size(); i++) {
                widths[i] = Math.max(widths[i], row.get(i).length());
            }
        }
        return widths;
    }

    private static void appendPlain(StringBuilder out, List<String> cells, int[] widths) {
        for (int i = 0; i < cells.size(); i++) {
            String cell = cells.get(i);
            if (i > 0) {
                out.append("  ");
            }
            // first column left-aligned, numbers right-aligned
            out.append(i == 0 ? cell + " ".repeat(widths[i] - cell.length()) : " ".repeat(widths[i] - cell.length()) + cell);
        }
        out.append('\n');
    }
}
