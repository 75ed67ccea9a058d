package io.clirbench.core.report;

import java.util.List;

/** HTML escaping (the one escaping function of the code base: reports, pages) and tables for {@link HtmlReport}. */
public final class HtmlText {

    private HtmlText() {
    }

    /** Escapes {@code & < > " '} so the text is safe in element content and quoted attributes (HTML and XML). */
    public static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }

    /** Escapes the text and turns Markdown-style {@code `code`} spans into {@code <code>} elements. */
    public static String withCode(String text) {
        String[] parts = escape(text).split("`", -1);
        if (parts.length % 2 == 0) {
            return escape(text); // unbalanced backticks: leave them as they are
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < parts.length; i++) {
            out.append(i % 2 == 1 ? "<code>" + parts[i] + "</code>" : parts[i]);
        }
        return out.toString();
    }

    /** A table with a header row; the first column is a row label, the others are right-aligned numbers. */
    public static String table(List<String> header, List<List<String>> rows, String caption) {
        StringBuilder out = new StringBuilder("<div class=\"scroll\"><table>\n");
        if (caption != null) {
            out.append("<caption>").append(escape(caption)).append("</caption>\n");
        }
        out.append("<thead><tr>");
        header.forEach(h -> out.append("<th scope=\"col\">").append(escape(h)).append("</th>"));
        out.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : rows) {
            out.append("<tr>");
            for (int i = 0; i < row.size(); i++) {
                out.append(i == 0 ? "<th scope=\"row\">" : "<td>").append(escape(row.get(i))).append(i == 0 ? "</th>" : "</td>");
            }
            out.append("</tr>\n");
        }
        return out.append("</tbody>\n</table></div>\n").toString();
    }
}
