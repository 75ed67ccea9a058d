package io.clirbench.core.leaderboard;

import io.clirbench.core.report.TextTable;

/** The leaderboard as an aligned plain-text table for a terminal, its notes below it. */
public final class LeaderboardText {

    private LeaderboardText() {
    }

    public static String render(Leaderboard board) {
        StringBuilder out = new StringBuilder();
        if (board.entries().isEmpty()) {
            out.append("No completed run of dataset ").append(board.dataset()).append(" to rank.\n");
        } else {
            out.append(TextTable.plain(LeaderboardRows.header(board), LeaderboardRows.rows(board)));
        }
        out.append('\n');
        for (String note : LeaderboardRows.notes(board)) {
            out.append(note).append('\n');
        }
        return out.toString();
    }
}
