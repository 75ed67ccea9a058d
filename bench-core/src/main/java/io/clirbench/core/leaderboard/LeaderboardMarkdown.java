package io.clirbench.core.leaderboard;

import io.clirbench.core.report.TextTable;

/** The leaderboard as a GitHub-flavoured Markdown table, its notes below it. */
public final class LeaderboardMarkdown {

    private LeaderboardMarkdown() {
    }

    public static String render(Leaderboard board) {
        StringBuilder out = new StringBuilder("## Leaderboard: ").append(board.dataset()).append("\n\n");
        out.append(TextTable.markdown(LeaderboardRows.header(board), LeaderboardRows.rows(board))).append('\n');
        for (String note : LeaderboardRows.notes(board)) {
            out.append("- ").append(note.replace("|", "\\|")).append('\n');
        }
        return out.toString();
    }
}
