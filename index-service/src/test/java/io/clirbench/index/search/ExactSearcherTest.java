package io.clirbench.index.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.BitSet;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ExactSearcherTest {

    static Stream<DotKernel> kernels() {
        return Stream.of(new ScalarDotKernel(), DotKernel.best());
    }

    @Test
    void surefireRunsWithTheVectorApiModule() {
        // the pom adds --add-modules jdk.incubator.vector to surefire; without it the scalar fallback runs
        assertThat(DotKernel.best().name()).startsWith("vector-api");
    }

    @ParameterizedTest
    @MethodSource("kernels")
    void topNEqualsBruteForceIncludingTieOrder(DotKernel kernel) {
        // 1,000 rows end in 3 chunks of 16 (the 3 x 4 micro-kernel), 220 in 2 (2 x 4), 200 in 1 (1 x 1), 5 in a padded one
        for (int count : new int[] {1_000, 220, 200, 5}) {
            Random rnd = new Random(42 + count);
            int dim = 37;
            float[][] rows = BruteForce.integerVectors(rnd, count, dim);
            String[] ids = BruteForce.shuffledIds(rnd, count);
            float[][] queries = BruteForce.integerVectors(rnd, 45, dim); // 45: groups of 32 and 13, and a 4-tail
            int n = Math.min(100, count);

            TopN.Ranked[] got = new ExactSearcher(kernel).search(flatten(rows), dim, count, IdOrder.tieRanks(ids, count),
                    queries, n, null, 2);

            for (int q = 0; q < queries.length; q++) {
                List<BruteForce.Scored> expected = BruteForce.rank(rows, ids, queries[q], n, r -> true);
                assertThat(idsOf(got[q], ids)).as("count %d, query %d", count, q)
                        .containsExactlyElementsOf(expected.stream().map(BruteForce.Scored::id).toList());
                for (int i = 0; i < n; i++) {
                    assertThat((double) got[q].scores()[i]).isEqualTo(expected.get(i).score());
                }
            }
        }
    }

    @Test
    void manyBlocksAndTheFullDepthMatchBruteForce() {
        Random rnd = new Random(99);
        int count = 20_003, dim = 48, n = 1_000; // 104 row blocks of 192, then 35 rows in 3 chunks of 16
        float[][] rows = BruteForce.integerVectors(rnd, count, dim);
        String[] ids = BruteForce.shuffledIds(rnd, count);
        float[][] queries = BruteForce.integerVectors(rnd, 6, dim);
        TopN.Ranked[] got = new ExactSearcher().search(flatten(rows), dim, count, IdOrder.tieRanks(ids, count),
                queries, n, null, 2);
        for (int q = 0; q < queries.length; q++) {
            assertThat(idsOf(got[q], ids)).as("query %d", q).containsExactlyElementsOf(
                    BruteForce.rank(rows, ids, queries[q], n, r -> true).stream().map(BruteForce.Scored::id).toList());
        }
    }

    @Test
    void integerDataHasTiesSoTheIdRuleIsExercised() {
        Random rnd = new Random(42);
        float[][] rows = BruteForce.integerVectors(rnd, 1_000, 37);
        String[] ids = BruteForce.shuffledIds(rnd, 1_000);
        float[] q = BruteForce.integerVectors(rnd, 1, 37)[0];
        List<BruteForce.Scored> top = BruteForce.rank(rows, ids, q, 100, r -> true);
        long distinct = top.stream().mapToDouble(BruteForce.Scored::score).distinct().count();
        assertThat(distinct).isLessThan(50);
    }

    @ParameterizedTest
    @MethodSource("kernels")
    void gaussianDataMatchesReferenceScoresWithinTolerance(DotKernel kernel) {
        Random rnd = new Random(7);
        int count = 2_000, dim = 64, n = 50;
        float[][] rows = BruteForce.gaussianVectors(rnd, count, dim);
        String[] ids = BruteForce.shuffledIds(rnd, count);
        float[][] queries = BruteForce.gaussianVectors(rnd, 9, dim);
        TopN.Ranked[] got = new ExactSearcher(kernel).search(flatten(rows), dim, count, IdOrder.tieRanks(ids, count),
                queries, n, null, 1);
        for (int q = 0; q < queries.length; q++) {
            List<BruteForce.Scored> expected = BruteForce.rank(rows, ids, queries[q], n, r -> true);
            for (int i = 0; i < n; i++) {
                assertThat((double) got[q].scores()[i]).isCloseTo(expected.get(i).score(), org.assertj.core.data.Offset.offset(1e-3));
            }
            // ranks whose reference scores are well apart must hold the same document
            for (int i = 0; i < n; i++) {
                boolean isolated = (i == 0 || expected.get(i - 1).score() - expected.get(i).score() > 1e-3)
                        && (i == n - 1 || expected.get(i).score() - expected.get(i + 1).score() > 1e-3);
                if (isolated) {
                    assertThat(ids[got[q].rows()[i]]).isEqualTo(expected.get(i).id());
                }
            }
        }
    }

    @Test
    void filterKeepsOnlyAllowedRows() {
        Random rnd = new Random(3);
        int count = 500, dim = 16, n = 30;
        float[][] rows = BruteForce.integerVectors(rnd, count, dim);
        String[] ids = BruteForce.shuffledIds(rnd, count);
        BitSet allowed = new BitSet();
        for (int r = 0; r < count; r += 3) {
            allowed.set(r);
        }
        float[] q = BruteForce.integerVectors(rnd, 1, dim)[0];
        TopN.Ranked got = new ExactSearcher().search(flatten(rows), dim, count, IdOrder.tieRanks(ids, count),
                new float[][] {q}, n, allowed, 1)[0];
        assertThat(idsOf(got, ids)).containsExactlyElementsOf(
                BruteForce.rank(rows, ids, q, n, allowed::get).stream().map(BruteForce.Scored::id).toList());
    }

    @Test
    void nLargerThanTheCollectionReturnsEveryRowRanked() {
        float[][] rows = {{1, 0}, {0, 1}, {1, 1}};
        String[] ids = {"c", "b", "a"};
        TopN.Ranked got = new ExactSearcher().search(flatten(rows), 2, 3, IdOrder.tieRanks(ids, 3),
                new float[][] {{1, 1}}, 1000, null, 1)[0];
        // scores: c=1, b=1, a=2 -> a, then the tie b before c
        assertThat(idsOf(got, ids)).containsExactly("a", "b", "c");
    }

    @Test
    void blockedLayoutRoundTrips() {
        float[][] rows = BruteForce.integerVectors(new Random(1), 21, 5);
        float[] blocked = BlockedLayout.fromRows(rows);
        assertThat(blocked).hasSize(32 * 5);
        float[] rowMajor = BlockedLayout.toRowMajor(blocked, 5, 21);
        for (int r = 0; r < 21; r++) {
            assertThat(java.util.Arrays.copyOfRange(rowMajor, r * 5, r * 5 + 5)).containsExactly(rows[r]);
        }
        // row 17 is lane 1 of block 1: component d at 16 * 5 + d * 16 + 1
        assertThat(blocked[16 * 5 + 3 * 16 + 1]).isEqualTo(rows[17][3]);
    }

    @Test
    void queryOfTheWrongDimensionIsRejected() {
        assertThatThrownBy(() -> new ExactSearcher().search(new float[32], 2, 2, new int[] {0, 1},
                new float[][] {{1, 2, 3}}, 1, null, 1)).hasMessageContaining("query dimension 3 != collection dimension 2");
    }

    static float[] flatten(float[][] rows) {
        return BlockedLayout.fromRows(rows);
    }

    static List<String> idsOf(TopN.Ranked ranked, String[] ids) {
        return java.util.Arrays.stream(ranked.rows()).mapToObj(r -> ids[r]).toList();
    }
}
