package io.clirbench.encoders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.FloatBuffer;
import org.junit.jupiter.api.Test;

/** Pooling and post-processing against hand calculations (in the comments). */
class PoolingAndVectorsTest {

    // batch 2, seq 3, dim 2; row 0 attends tokens 0,1 (right padding), row 1 attends 1,2 (left padding)
    static final float[] HIDDEN = {
        1, 2, 3, 4, 100, 100,
        100, 100, 5, 6, 7, 8};
    static final long[] MASK = {1, 1, 0, 0, 1, 1};

    @Test
    void meanAveragesOnlyAttendedTokens() {
        float[][] v = Pooling.MEAN.pool(FloatBuffer.wrap(HIDDEN), MASK, 2, 3, 2);
        // row 0: ((1+3)/2, (2+4)/2) = (2, 3); row 1: ((5+7)/2, (6+8)/2) = (6, 7)
        assertThat(v[0]).containsExactly(2f, 3f);
        assertThat(v[1]).containsExactly(6f, 7f);
    }

    @Test
    void clsTakesTheFirstPosition() {
        float[][] v = Pooling.CLS.pool(FloatBuffer.wrap(HIDDEN), MASK, 2, 3, 2);
        assertThat(v[0]).containsExactly(1f, 2f);
    }

    @Test
    void lastTokenTakesTheLastAttendedPosition() {
        float[][] v = Pooling.LAST_TOKEN.pool(FloatBuffer.wrap(HIDDEN), MASK, 2, 3, 2);
        // row 0: position 1 -> (3, 4); row 1 (left padded): position 2 -> (7, 8)
        assertThat(v[0]).containsExactly(3f, 4f);
        assertThat(v[1]).containsExactly(7f, 8f);
    }

    @Test
    void pooledTensorRowsAreTakenAsTheyAre() {
        float[][] v = Pooling.rows(FloatBuffer.wrap(new float[] {1, 2, 3, 4}), 2, 2);
        assertThat(v[1]).containsExactly(3f, 4f);
    }

    @Test
    void parsesCardNames() {
        assertThat(Pooling.parse("last-token")).isEqualTo(Pooling.LAST_TOKEN);
        assertThat(Pooling.parse("CLS")).isEqualTo(Pooling.CLS);
        assertThatThrownBy(() -> Pooling.parse("max")).hasMessageContaining("'max' is not one of");
    }

    @Test
    void normalisesToUnitLength() {
        // (3, 4) has length 5 -> (0.6, 0.8)
        assertThat(Vectors.l2Normalize(new float[] {3, 4})).containsExactly(new float[] {0.6f, 0.8f}, within(1e-7f));
        assertThat(Vectors.l2Normalize(new float[] {0, 0})).containsExactly(0f, 0f);
    }

    @Test
    void matryoshkaKeepsThePrefixThenNormalises() {
        float[] v = Vectors.l2Normalize(Vectors.truncate(new float[] {3, 4, 12}, 2));
        assertThat(v).containsExactly(new float[] {0.6f, 0.8f}, within(1e-7f));
        assertThatThrownBy(() -> Vectors.truncate(new float[] {1}, 2)).hasMessageContaining("outside 1..1");
    }
}
