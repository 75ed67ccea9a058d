package io.clirbench.encoders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class BatchPlannerTest {

    @Test
    void sortsByLengthAndBoundsPaddedTokens() {
        // lengths by index: 0->10, 1->3, 2->7, 3->3, 4->9; budget 20 padded tokens, 8 texts
        // sorted: 1(3) 3(3) 2(7) 4(9) 0(10)
        // [1,3] padded 2x3=6; adding 2 would be 3x7=21 > 20 -> close
        // [2,4] padded 2x9=18; adding 0 would be 3x10=30 -> close; [0] alone
        List<int[]> plan = new BatchPlanner(20, 8).plan(new int[] {10, 3, 7, 3, 9});
        assertThat(plan).containsExactly(new int[] {1, 3}, new int[] {2, 4}, new int[] {0});
    }

    @Test
    void boundsTextsPerBatch() {
        List<int[]> plan = new BatchPlanner(1000, 2).plan(new int[] {5, 5, 5, 5, 5});
        assertThat(plan).extracting(b -> b.length).containsExactly(2, 2, 1);
    }

    @Test
    void aTextOverTheBudgetRunsAlone() {
        List<int[]> plan = new BatchPlanner(8, 4).plan(new int[] {2, 50, 2});
        assertThat(plan).containsExactly(new int[] {0, 2}, new int[] {1});
    }

    @Test
    void everyIndexExactlyOnce() {
        int[] lengths = new int[100];
        for (int i = 0; i < lengths.length; i++) {
            lengths[i] = (i * 37) % 61 + 1;
        }
        int[] seen = new BatchPlanner(128, 16).plan(lengths).stream().flatMapToInt(Arrays::stream).sorted().toArray();
        assertThat(seen).hasSize(100).doesNotHaveDuplicates();
        assertThat(seen[0]).isZero();
        assertThat(seen[99]).isEqualTo(99);
    }

    @Test
    void emptyInputPlansNothingAndBadLimitsAreRefused() {
        assertThat(new BatchPlanner(10, 1).plan(new int[0])).isEmpty();
        assertThatThrownBy(() -> new BatchPlanner(0, 1)).hasMessageContaining("positive");
    }
}
