package io.clirbench.core.leaderboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The exports of one hand-made leaderboard against text written out by hand. */
class LeaderboardRenderersTest {

    private static final Leaderboard BOARD = new Leaderboard("toy", "sha256:ab", List.of("nDCG@10", "R@100"),
            List.of("de", "en"), 40, 20, 10_000, 42, 0.95, List.of(
                    new LeaderboardEntry("r1", "bm25", 1, 1, 2, 0.8, Map.of("nDCG@10", 0.5, "R@100", 0.75),
                            Map.of("nDCG@10", Map.of("de", 0.4, "en", 0.6)), null),
                    new LeaderboardEntry("r_2", "dense&co", 2, 1, 2.5, 0.2, Map.of("nDCG@10", 0.45, "R@100", 0.8),
                            Map.of("nDCG@10", Map.of("de", 0.35, "en", 0.55)),
                            new LeaderboardEntry.VersusLeader(0.05, 0.02, 0.04, null))),
            List.of(new Leaderboard.Excluded("r3", "old", "its report names no dataset content hash")));

    private static final String NOTES_1 = "Dataset toy (sha256:ab): 40 queries in 20 families; ranked by nDCG@10, "
            + "language-balanced means.";
    private static final String NOTES_2 = "Rank: 95% interval of the ranks over 10,000 clustered bootstrap replicates "
            + "(seed 42, shared by every system; ties share the mean rank); P(best): share of replicates ranked first, "
            + "a tie for first among k systems counting 1/k.";
    private static final String NOTES_3 = "Δ leader: this system minus the leader; p: family sign-flip permutation test "
            + "against the leader, Holm-adjusted across the others; n/a: descriptive only (paired n < 30, families < 10 "
            + "or non-tied pairs < 10).";
    private static final String NOTES_4 = "Left out: r3/old: its report names no dataset content hash.";

    @Test
    void csvHasFullPrecisionNumbersAndTheRankIntervalInTwoColumns() {
        assertThat(LeaderboardCsv.render(BOARD)).isEqualTo(
                "rank,run,retriever,rank_low,rank_high,p_best,nDCG@10,R@100,nDCG@10_de,nDCG@10_en,diff_vs_leader,p,p_holm,note\r\n"
                        + "1.0,r1,bm25,1.0,2.0,0.8,0.5,0.75,0.4,0.6,,,,leader\r\n"
                        + "2.0,r_2,dense&co,1.0,2.5,0.2,0.45,0.8,0.35,0.55,-0.05,0.02,0.04,\r\n");
    }

    @Test
    void markdownIsATableWithItsNotes() {
        assertThat(LeaderboardMarkdown.render(BOARD)).isEqualTo("## Leaderboard: toy\n\n"
                + "| # | system | rank 95% | P(best) | nDCG@10 | R@100 | nDCG@10 de | nDCG@10 en | Δ leader | p (Holm) |\n"
                + "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
                + "| 1 | r1/bm25 | [1, 2] | 0.800 | 0.5000 | 0.7500 | 0.4000 | 0.6000 | leader |  |\n"
                + "| 2 | r_2/dense&co | [1, 2.5] | 0.200 | 0.4500 | 0.8000 | 0.3500 | 0.5500 | -0.0500 | 0.0400 |\n\n"
                + "- " + NOTES_1 + "\n- " + NOTES_2 + "\n- " + NOTES_3 + "\n- " + NOTES_4 + "\n");
    }

    @Test
    void latexEscapesEveryCellAndCaptionsTheNotes() {
        assertThat(LeaderboardLatex.render(BOARD)).isEqualTo("\\begin{table}\n\\centering\n\\begin{tabular}{llrrrrrrrr}\n"
                + "\\hline\n"
                + "\\# & system & rank 95\\% & P(best) & nDCG@10 & R@100 & nDCG@10 de & nDCG@10 en & $\\Delta$ leader & p (Holm) \\\\\n"
                + "\\hline\n"
                + "1 & r1/bm25 & [1, 2] & 0.800 & 0.5000 & 0.7500 & 0.4000 & 0.6000 & leader &  \\\\\n"
                + "2 & r\\_2/dense\\&co & [1, 2.5] & 0.200 & 0.4500 & 0.8000 & 0.3500 & 0.5500 & -0.0500 & 0.0400 \\\\\n"
                + "\\hline\n\\end{tabular}\n\\caption{"
                + "Dataset toy (sha256:ab): 40 queries in 20 families; ranked by nDCG@10, language-balanced means. "
                + "Rank: 95\\% interval of the ranks over 10,000 clustered bootstrap replicates (seed 42, shared by every "
                + "system; ties share the mean rank); P(best): share of replicates ranked first, a tie for first among k "
                + "systems counting 1/k. "
                + "$\\Delta$ leader: this system minus the leader; p: family sign-flip permutation test against the leader, "
                + "Holm-adjusted across the others; n/a: descriptive only (paired n \\textless{} 30, families \\textless{} 10 "
                + "or non-tied pairs \\textless{} 10). "
                + "Left out: r3/old: its report names no dataset content hash.}\n\\end{table}\n");
    }

    @Test
    void latexEscapesEachSpecialCharacter() {
        assertThat(io.clirbench.core.report.LatexText.escape("a\\b~c^d{e}$f#g%h&i_j<k>"))
                .isEqualTo("a\\textbackslash{}b\\textasciitilde{}c\\textasciicircum{}d\\{e\\}\\$f\\#g\\%h\\&i\\_j\\textless{}k\\textgreater{}");
    }

    @Test
    void plainTextAlignsTheColumns() {
        assertThat(LeaderboardText.render(BOARD)).isEqualTo(
                // TextTable: the first column left-aligned, every other (its header too) right-aligned, 2 spaces apart
                "#        system  rank 95%  P(best)  nDCG@10   R@100  nDCG@10 de  nDCG@10 en  Δ leader  p (Holm)\n"
                        + "1       r1/bm25    [1, 2]    0.800   0.5000  0.7500      0.4000      0.6000    leader          \n"
                        + "2  r_2/dense&co  [1, 2.5]    0.200   0.4500  0.8000      0.3500      0.5500   -0.0500    0.0400\n"
                        + "\n" + NOTES_1 + "\n" + NOTES_2 + "\n" + NOTES_3 + "\n" + NOTES_4 + "\n");
    }

    @Test
    void aFormatIsNamedAsTheCommandLineNamesIt() {
        assertThat(LeaderboardFormat.of("md")).isEqualTo(LeaderboardFormat.MARKDOWN);
        assertThat(LeaderboardFormat.of("LaTeX")).isEqualTo(LeaderboardFormat.LATEX);
        assertThatThrownBy(() -> LeaderboardFormat.of("xls")).hasMessage(
                "unknown leaderboard format 'xls': one of [table, csv, md, latex]");
    }
}
