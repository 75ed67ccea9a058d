package io.clirbench.core.report.export;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The booktabs table: structure, the values of {@link ExportFixture} (by hand), and escaping of hostile run names. */
class LatexTableTest {

    @Test
    void everyLatexSpecialCharacterOfARunNameIsEscaped() {
        String nasty = "bm25_{x}&50%#$~^\\end{table}";

        String table = LatexTable.render(ExportFixture.report(nasty, "plain"));

        // by hand: _ { } & % # $ take a backslash; ~ ^ \ become their text commands
        assertThat(table).contains("bm25\\_\\{x\\}\\&50\\%\\#\\$\\textasciitilde{}\\textasciicircum{}\\textbackslash{}end\\{table\\}"
                + " & 0.544 & 0.500 & 0.500 \\\\\n");
        assertThat(table).doesNotContain("bm25_").doesNotContain("\\end{table}\n\\end{table}");
    }

    @Test
    void oneBooktabsRowPerRunWithTheHeadlineMeasuresItHas() {
        String table = LatexTable.render(ExportFixture.report("bm25", "dense"));

        // measures nDCG@10, R@1, P@1, MRR@10, MAP, Success@1: headline columns nDCG@10, MRR@10, MAP (in that order)
        // nDCG@10 = (1 + 1/log2 3 + 0) / 3 = 0.544; MRR@10 = (1 + 1/2 + 0) / 3 = 0.500; MAP = (1 + 1/2 + 0) / 3 = 0.500
        // (AP q1 = 1, q2 = 1/2, q3 = 0)
        assertThat(table).contains("\\begin{tabular}{lrrr}\n\\toprule\nRun & nDCG@10 & MRR@10 & MAP \\\\\n\\midrule\n"
                + "bm25 & 0.544 & 0.500 & 0.500 \\\\\ndense & 0.544 & 0.500 & 0.500 \\\\\n\\bottomrule\n\\end{tabular}\n");
        assertThat(table).startsWith("% clirbench test: qrels qrels.txt\n").endsWith("\\end{table}\n");
    }
}
