package io.clirbench.core.leaderboard;

import io.clirbench.core.report.LatexText;

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
                .append(LeaderboardRows.notes(board).stream().map(LatexText::escape).collect(Collectors.joining(" ")))
                .append("}\n\\end{table}\n");
        return out.toString();
    }

    private static String line(List<String> cells) {
        return cells.stream().map(LatexText::escape).collect(Collectors.joining(" & ")) + " \\\\\n";
    }
}
