package io.clirbench.core.fusion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.clirbench.core.run.RankedList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FusionTest {

    // list A: a(3.0) b(2.0) c(1.0); list B: c(10) a(8) d(4)
    private static final RankedList A = new RankedList("q", new String[] {"a", "b", "c"}, new double[] {3, 2, 1});
    private static final RankedList B = new RankedList("q", new String[] {"c", "a", "d"}, new double[] {10, 8, 4});

    @Test
    void rrfSumsReciprocalRanks() {
        RankedList f = new Fusion(FusionMethod.RRF, null, 60, 10).fuse("q", List.of(A, B));
        // by hand: a = 1/61 + 1/62 = 0.0325225; c = 1/63 + 1/61 = 0.0322664; b = 1/62 = 0.0161290; d = 1/63 = 0.0158730
        assertThat(f.docIds()).containsExactly("a", "c", "b", "d");
        assertThat(f.scores()[0]).isCloseTo(1.0 / 61 + 1.0 / 62, within(1e-12));
        assertThat(f.scores()[1]).isCloseTo(1.0 / 63 + 1.0 / 61, within(1e-12));
        assertThat(f.scores()[3]).isCloseTo(1.0 / 63, within(1e-12));
    }

    @Test
    void combSumAndMnzOverMinMax() {
        // min-max: A: a 1, b 0.5, c 0; B: c 1, a (8-4)/6 = 0.6667, d 0
        RankedList sum = new Fusion(FusionMethod.COMBSUM, ScoreNormalization.MINMAX, 60, 10).fuse("q", List.of(A, B));
        // a = 1.6667, c = 1, b = 0.5, d = 0
        assertThat(sum.docIds()).containsExactly("a", "c", "b", "d");
        assertThat(sum.scores()[0]).isCloseTo(1 + 4.0 / 6, within(1e-12));
        RankedList mnz = new Fusion(FusionMethod.COMBMNZ, ScoreNormalization.MINMAX, 60, 10).fuse("q", List.of(A, B));
        // a = 2 · 1.6667 = 3.3333, c = 2 · 1 = 2, b = 1 · 0.5, d = 0
        assertThat(mnz.docIds()).containsExactly("a", "c", "b", "d");
        assertThat(mnz.scores()[0]).isCloseTo(2 * (1 + 4.0 / 6), within(1e-12));
        assertThat(mnz.scores()[1]).isCloseTo(2.0, within(1e-12));
    }

    @Test
    void zScoreUsesThePopulationSd() {
        // A: mean 2, population sd sqrt(2/3) = 0.816497; z(a) = 1.224745
        double[] z = ScoreNormalization.ZSCORE.apply(new double[] {3, 2, 1});
        assertThat(z[0]).isCloseTo(1 / Math.sqrt(2.0 / 3), within(1e-12));
        assertThat(z[1]).isCloseTo(0, within(1e-12));
        assertThat(ScoreNormalization.MINMAX.apply(new double[] {5, 5})).containsExactly(0, 0);
        assertThat(ScoreNormalization.ZSCORE.apply(new double[] {5, 5})).containsExactly(0, 0);
    }

    @Test
    void tiesGoByDocumentIdAscendingAndTheListIsCutAtDepth() {
        RankedList x = new RankedList("q", new String[] {"z"}, new double[] {1});
        RankedList y = new RankedList("q", new String[] {"m"}, new double[] {1});
        RankedList f = new Fusion(FusionMethod.RRF, null, 60, 1).fuse("q", List.of(x, y));
        assertThat(f.docIds()).containsExactly("m");          // both 1/61: m before z
        assertThatThrownBy(() -> new Fusion(FusionMethod.RRF, null, 60, 5).fuse("p", List.of(x)))
                .hasMessageContaining("query 'p'").hasMessageContaining("query 'q'");
    }

    @Test
    void strictScoresKeepTheBuiltOrderThroughTrecOrdering() {
        RankedList tied = new RankedList("q", new String[] {"a", "b", "c"}, new double[] {1, 1, 1});
        RankedList strict = StrictScores.of(tied);
        RankedList resorted = RankedList.inTrecOrder("q", strict.docIds(), strict.scores());
        assertThat(resorted.docIds()).containsExactly("a", "b", "c");   // trec order alone would give c, b, a
        assertThat(strict.scores()[2]).isCloseTo(1, within(1e-12));
    }

    @Test
    void rerankResortsThePoolAndKeepsTheRest() {
        RankedList first = new RankedList("q", new String[] {"a", "b", "c", "d"}, new double[] {4, 3, 2, 1});
        RankedList r = Rerank.merge(first, 3, new double[] {0.1, 0.9, 0.5});
        assertThat(r.docIds()).containsExactly("b", "c", "a", "d");
        assertThat(r.scores()[0]).isEqualTo(0.9);
        assertThat(r.scores()[3]).isLessThan(r.scores()[2]);
        assertThat(RankedList.inTrecOrder("q", r.docIds(), r.scores()).docIds()).containsExactly("b", "c", "a", "d");
        assertThatThrownBy(() -> Rerank.merge(first, 3, new double[] {1})).hasMessageContaining("pool of 3");
    }

    @Test
    void recoveryEfficiency() {
        // ceiling 0.8, baseline 0.4, achieved 0.6: (0.6 − 0.4) / (0.8 − 0.4) = 0.5
        Recovery r = Recovery.of(100, 0.8, 0.6, 0.4);
        assertThat(r.efficiency()).isCloseTo(0.5, within(1e-12));
        assertThat(Recovery.of(100, 0.4, 0.4, 0.4).efficiency()).isNull();
    }
}
