package io.clirbench.index.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TopNTest {

    @Test
    void keepsTheBestNInRankOrderThroughManyCompactions() {
        Random rnd = new Random(4);
        for (int trial = 0; trial < 50; trial++) {
            int count = 1 + rnd.nextInt(3_000);
            int n = 1 + rnd.nextInt(300);
            String[] ids = BruteForce.shuffledIds(rnd, count);
            int[] ranks = IdOrder.tieRanks(ids, count);
            float[] scores = new float[count];
            TopN top = new TopN(n, ranks);
            for (int r = 0; r < count; r++) {
                scores[r] = rnd.nextInt(20); // many ties
                top.offer(r, scores[r]);
            }
            List<Integer> expected = new ArrayList<>();
            for (int r = 0; r < count; r++) {
                expected.add(r);
            }
            expected.sort(Comparator.comparingDouble((Integer r) -> -scores[r]).thenComparing(r -> ids[r]));
            TopN.Ranked got = top.drain();
            assertThat(got.rows()).as("trial %d", trial)
                    .containsExactly(expected.subList(0, Math.min(n, count)).stream().mapToInt(Integer::intValue).toArray());
        }
    }

    @Test
    void thresholdRisesOnceTwiceNCandidatesWereSeen() {
        TopN top = new TopN(2, new int[] {0, 1, 2, 3, 4});
        top.offer(0, 1f);
        top.offer(1, 5f);
        top.offer(2, 3f);
        assertThat(top.threshold()).isEqualTo(Float.NEGATIVE_INFINITY);
        top.offer(3, 4f); // buffer of 4 full: keep 5 and 4
        assertThat(top.threshold()).isEqualTo(4f);
        top.offer(4, 4f); // a tie at the threshold is kept for the doc-id rule; row 3 wins it
        assertThat(top.drain().rows()).containsExactly(1, 3);
    }
}
