package io.clirbench.core.leaderboard;

import io.clirbench.core.report.Numbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The leaderboard as a table for people (plain text, Markdown, LaTeX): rank, system, rank interval, P(best), each
 * measure, the ranking measure per query language, the difference to the leader and its Holm-adjusted p-value.
 */
public final class LeaderboardRows {

    /** In the p column for a comparison that gives no p-value (METRICS.md §3: descriptive only). */
    public static final String DESCRIPTIVE = "n/a";

    private LeaderboardRows() {
    }

    /** The column names. */
    public static List<String> header(Leaderboard board) {
        List<String> header = new ArrayList<>(List.of("#", "system", "rank " + percent(board.level()), "P(best)"));
        header.addAll(board.measures());
        for (String language : board.languages()) {
            header.add(board.rankedBy() + " " + language);
        }
        header.add("Δ leader");
        header.add("p (Holm)");
        return header;
    }

    /** One row per entry, in the leaderboard's order. */
    public static List<List<String>> rows(Leaderboard board) {
        List<List<String>> rows = new ArrayList<>();
        for (LeaderboardEntry e : board.entries()) {
            List<String> row = new ArrayList<>(List.of(rank(e.rank()), e.runId() + "/" + e.retriever(),
                    "[" + rank(e.rankLow()) + ", " + rank(e.rankHigh()) + "]", Numbers.fixed(e.pBest(), 3)));
            for (String measure : board.measures()) {
                row.add(Numbers.fixed(e.means().get(measure), 4));
            }
            for (String language : board.languages()) {
                row.add(Numbers.fixed(e.byLanguage().get(board.rankedBy()).get(language), 4));
            }
            LeaderboardEntry.VersusLeader v = e.versusLeader();
            row.add(v == null ? "leader" : String.format(Locale.ROOT, "%+.4f", v.thisMinusLeader()));
            row.add(v == null ? "" : v.pHolm() == null ? DESCRIPTIVE : Numbers.fixed(v.pHolm(), 4));
            rows.add(row);
        }
        return rows;
    }

    /** What the columns mean and what was left out, one sentence a line. */
    public static List<String> notes(Leaderboard board) {
        List<String> notes = new ArrayList<>();
        notes.add(String.format(Locale.ROOT, "Dataset %s (%s): %d queries in %d families; ranked by %s, "
                        + "language-balanced means.", board.dataset(), board.datasetHash(), board.queries(), board.families(),
                board.rankedBy()));
        notes.add(String.format(Locale.ROOT, "Rank: %s interval of the ranks over %,d clustered bootstrap replicates "
                        + "(seed %d, shared by every system; ties share the mean rank); P(best): share of replicates "
                        + "ranked first, a tie for first among k systems counting 1/k.", percent(board.level()),
                board.replicates(), board.seed()));
        notes.add("Δ leader: this system minus the leader; p: family sign-flip permutation test against the leader, "
                + "Holm-adjusted across the others; " + DESCRIPTIVE + ": descriptive only (paired n < 30, families < 10 "
                + "or non-tied pairs < 10).");
        for (Leaderboard.Excluded x : board.excluded()) {
            notes.add("Left out: " + x.runId() + "/" + x.retriever() + ": " + x.reason() + ".");
        }
        return notes;
    }

    /** A rank as a person reads it: {@code 2}, {@code 1.5}, {@code 2.3}. */
    static String rank(double rank) {
        return rank == Math.rint(rank) ? Long.toString((long) rank) : String.format(Locale.ROOT, "%.1f", rank);
    }

    private static String percent(double level) {
        return String.format(Locale.ROOT, "%.0f%%", level * 100);
    }
}
