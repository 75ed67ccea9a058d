package io.clirbench.core.qa.select;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.FactKey;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.SupportingFact;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Paragraph = max of sentence cosines, top-k paragraphs and sentences, threshold; expected sets worked out by hand below. */
class EmbeddingSelectorTest {

    private static final float[] Q = {1f, 0f};

    private static QaInstance instance() {
        return new QaInstance("i1", "s1", "dev", "single-hop", null, "q?", "a", "en", "en",
                List.of(new Candidate("p00", "T0", List.of("a", "b"), "en", null, null),
                        new Candidate("p01", "T1", List.of("c", "d"), "de", null, null)),
                List.of(new SupportingFact("p00", 0, null)), null, Map.of());
    }

    // cosines with Q = (1, 0) are the first coordinates of unit vectors:
    // p00: 0.95 and -0.5 (max 0.95, mean 0.225); p01: 0.9 and 0.9 (max 0.9, mean 0.9)
    private static float[][][] vectors() {
        return new float[][][] {
            {{0.95f, (float) Math.sqrt(1 - 0.95 * 0.95)}, {-0.5f, (float) Math.sqrt(0.75)}},
            {{0.9f, (float) Math.sqrt(1 - 0.81)}, {1.8f, 2 * (float) Math.sqrt(1 - 0.81)}} // exactly twice the first: the same cosine, a tie
        };
    }

    @Test
    void theParagraphOfTheBestSentenceWinsNotTheBestMean() {
        // max: p00 0.95 > p01 0.9 (a mean would pick p01: 0.9 > 0.225); its best sentence is 0
        var p = new EmbeddingSelector(SelectorOptions.DEFAULTS).predict(instance(), Q, vectors());
        assertThat(p.support()).containsExactly(new FactKey("p00", 0));
        assertThat(p.answer()).isEmpty();
    }

    @Test
    void topKParagraphsAndSentences() {
        var p = new EmbeddingSelector(new SelectorOptions(2, 2, -1)).predict(instance(), Q, vectors());
        assertThat(p.support()).isEqualTo(Set.of(new FactKey("p00", 0), new FactKey("p00", 1), new FactKey("p01", 0), new FactKey("p01", 1)));
    }

    @Test
    void theThresholdDropsFurtherSentencesButNeverTheBest() {
        // threshold 0.92: p00's second sentence (-0.5) is dropped; p01's best (0.9 < 0.92) stays, its tie (0.9) is dropped
        var p = new EmbeddingSelector(new SelectorOptions(2, 2, 0.92)).predict(instance(), Q, vectors());
        assertThat(p.support()).isEqualTo(Set.of(new FactKey("p00", 0), new FactKey("p01", 0)));
    }

    @Test
    void cosineIgnoresLengthAndZeroVectorsScoreZero() {
        assertThat(EmbeddingSelector.cosine(new float[] {3, 4}, new float[] {6, 8})).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-12));
        assertThat(EmbeddingSelector.cosine(new float[] {0, 0}, new float[] {1, 0})).isZero();
    }

    @Test
    void aMismatchedVectorGroupIsAnErrorNamingTheInstance() {
        assertThatThrownBy(() -> new EmbeddingSelector(SelectorOptions.DEFAULTS).predict(instance(), Q, new float[1][][]))
                .hasMessageContaining("instance 'i1'");
        assertThatThrownBy(() -> new SelectorOptions(0, 1, -1)).hasMessageContaining("at least 1");
    }
}
