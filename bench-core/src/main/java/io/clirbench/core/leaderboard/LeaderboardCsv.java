package io.clirbench.core.leaderboard;

import io.clirbench.core.io.Csv;
import io.clirbench.core.report.Numbers;
import java.util.ArrayList;
import java.util.List;

/**
 * The leaderboard as CSV ({@link Csv}, RFC 4180) for machines: full-precision numbers, run and retriever in their own
 * columns, the rank interval as two columns, an empty p where the test is descriptive only (its reason in {@code note}).
 */
public final class LeaderboardCsv {

    private LeaderboardCsv() {
    }

    public static String render(Leaderboard board) {
        List<String> header = new ArrayList<>(List.of("rank", "run", "retriever", "rank_low", "rank_high", "p_best"));
        header.addAll(board.measures());
        for (String language : board.languages()) {
            header.add(board.rankedBy() + "_" + language);
        }
        header.addAll(List.of("diff_vs_leader", "p", "p_holm", "note"));
        List<List<String>> rows = new ArrayList<>();
        rows.add(header);
        for (LeaderboardEntry e : board.entries()) {
            List<String> row = new ArrayList<>(List.of(Numbers.raw(e.rank()), e.runId(), e.retriever(),
                    Numbers.raw(e.rankLow()), Numbers.raw(e.rankHigh()), Numbers.raw(e.pBest())));
            for (String measure : board.measures()) {
                row.add(Numbers.raw(e.means().get(measure)));
            }
            for (String language : board.languages()) {
                row.add(Numbers.raw(e.byLanguage().get(board.rankedBy()).get(language)));
            }
            LeaderboardEntry.VersusLeader v = e.versusLeader();
            if (v == null) {
                row.addAll(List.of("", "", "", "leader"));
            } else {
                row.addAll(List.of(Numbers.raw(v.thisMinusLeader()), Numbers.raw(v.p()), Numbers.raw(v.pHolm()),
                        v.noPValueReason() == null ? "" : v.noPValueReason()));
            }
            rows.add(row);
        }
        return Csv.render(rows);
    }
}
