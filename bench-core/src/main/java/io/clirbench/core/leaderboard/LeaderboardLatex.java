package io.clirbench.core.leaderboard;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The leaderboard as a LaTeX {@code table} (plain {@code tabular}, no package needed), for papers: every cell escaped,
 * the notes as the caption.
 */
public final class LeaderboardLatex {

    private LeaderboardLatex() {
    }

    public static String render(Leaderboard board) {
        List<String> header = LeaderboardRows.header(board);
        StringBuilder out = new StringBuilder("\\begin{table}\n\\centering\n\\begin{tabular}{ll")
                .append("r".repeat(header.size() - 2)).append("}\n\\hline\n");
        out.append(line(header)).append("\\hline\n");
        for (List<String> row : LeaderboardRows.rows(board)) {
            out.append(line(row));
        }
        out.append("\\hline\n\\end{tabular}\n\\caption{")
                .append(LeaderboardRows.notes(board).stream().map(LeaderboardLatex::escape).collect(Collectors.joining(" ")))
                .append("}\n\\end{table}\n");
        return out.toString();
    }

    private static String line(List<String> cells) {
        return cells.stream().map(LeaderboardLatex::escape).collect(Collectors.joining(" & ")) + " \\\\\n";
    }

    /** {@code text} with LaTeX's special characters written as literals (and Δ as math). */
    public static String escape(String text) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\textbackslash{}");
                case '&', '%', '$', '#', '_', '{', '}' -> out.append('\\').append(c);
                case '~' -> out.append("\\textasciitilde{}");
                case '^' -> out.append("\\textasciicircum{}");
                case '<' -> out.append("\\textless{}");
                case '>' -> out.append("\\textgreater{}");
                case 'Δ' -> out.append("$\\Delta$");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
