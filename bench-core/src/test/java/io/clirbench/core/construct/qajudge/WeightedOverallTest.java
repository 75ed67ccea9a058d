package io.clirbench.core.construct.qajudge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.llm.UnusableReplyException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Expected values by hand, in the comments. */
class WeightedOverallTest {

    private static final Map<JudgeUnit.Kind, Integer> W = Map.of(JudgeUnit.Kind.PARAGRAPH, 80, JudgeUnit.Kind.QUESTION, 20,
            JudgeUnit.Kind.ANSWER, 20);

    /** de: paragraphs {@code deParagraphs}, question 70, answer 100; fr: one paragraph 60 and nothing else judged. */
    private static WeightedOverall.Scores version(List<Integer> deParagraphs) {
        return WeightedOverall.Scores.from(Map.of(
                "de", Map.of(JudgeUnit.Kind.PARAGRAPH, deParagraphs, JudgeUnit.Kind.QUESTION, List.of(70), JudgeUnit.Kind.ANSWER, List.of(100)),
                "fr", Map.of(JudgeUnit.Kind.PARAGRAPH, List.of(60))));
    }

    @Test
    void eightyTwentyTwentyPerLanguageTheMeanOverLanguagesAndWithinStratumIntervals() {
        ObjectNode r = WeightedOverall.json(version(List.of(80, 90)), W, 2000, 7);
        // de: (80 * 85 + 20 * 70 + 20 * 100) / 120 = 10200 / 120 = 85; fr: only paragraphs judged, 60; overall (85 + 60) / 2
        assertThat(r.at("/per_language/de/score").asDouble()).isCloseTo(85.0, within(1e-12));
        assertThat(r.at("/per_language/fr/score").asDouble()).isEqualTo(60.0);
        assertThat(r.at("/overall/score").asDouble()).isCloseTo(72.5, within(1e-12));
        // resampling the de paragraph stratum {80, 90}: its mean is 80, 85 or 90 with probability 1/4, 1/2, 1/4, the other
        // strata have one score each. So the 2.5% and 97.5% bounds are the extremes: de (80*80 + 3400) / 120 = 9800/120 and
        // (80*90 + 3400) / 120 = 10600/120; overall (9800/120 + 60) / 2 and (10600/120 + 60) / 2. fr has no spread.
        assertThat(r.at("/per_language/de/ci_low").asDouble()).isCloseTo(9800.0 / 120, within(1e-12));
        assertThat(r.at("/per_language/de/ci_high").asDouble()).isCloseTo(10600.0 / 120, within(1e-12));
        assertThat(r.at("/overall/ci_low").asDouble()).isCloseTo((9800.0 / 120 + 60) / 2, within(1e-12));
        assertThat(r.at("/per_language/fr/ci_low").asDouble()).isEqualTo(60.0);
        assertThat(r.at("/per_language/fr/ci_high").asDouble()).isEqualTo(60.0);
    }

    @Test
    void aVersionComparisonIsTheDifferenceWithIndependentWithinStratumIntervals() {
        // candidate: de paragraphs {90, 90}: de (7200 + 3400) / 120 = 10600/120, fr 60. Differences: de 10600/120 - 85 = 400/120,
        // overall half of it (fr does not move). The baseline's de paragraph mean m is 80, 85 or 90 in a replicate, the
        // candidate's always 90: the de difference is (90 - m) * 80 / 120, i.e. 800/120, 400/120 or 0; bounds 0 and 800/120.
        ObjectNode r = WeightedOverall.compare(version(List.of(80, 90)), version(List.of(90, 90)), W, 2000, 11);
        assertThat(r.at("/per_language/de/score").asDouble()).isCloseTo(400.0 / 120, within(1e-12));
        assertThat(r.at("/per_language/fr/score").asDouble()).isZero();
        assertThat(r.at("/overall/score").asDouble()).isCloseTo(200.0 / 120, within(1e-12));
        assertThat(r.at("/per_language/de/ci_low").asDouble()).isCloseTo(0.0, within(1e-12));
        assertThat(r.at("/per_language/de/ci_high").asDouble()).isCloseTo(800.0 / 120, within(1e-12));
    }

    @Test
    void theLegacyPromptsRepliesEndWithAScoreLine() throws Exception {
        JudgeReply r = JudgeReply.parseScoreLine("Accurate and fluent; one name transliterated differently.\n\nSCORE: 92\n");
        assertThat(r.score()).isEqualTo(92);
        assertThat(r.rationale()).isEqualTo("Accurate and fluent; one name transliterated differently.");
        assertThat(r.errorTags()).isEmpty();
        assertThat(JudgeReply.parseScoreLine("Fine.\n**SCORE: 100**").score()).isEqualTo(100);
        assertThatThrownBy(() -> JudgeReply.parseScoreLine("Fine.\nSCORE: 101")).isInstanceOf(UnusableReplyException.class)
                .hasMessageContaining("from 0 to 100, was 101");
        assertThatThrownBy(() -> JudgeReply.parseScoreLine("SCORE: 80\nThe translation is fine.")).isInstanceOf(UnusableReplyException.class)
                .hasMessageContaining("the last line must be exactly 'SCORE: <integer>'");
        assertThatThrownBy(() -> JudgeReply.parseScoreLine("SCORE: 80")).hasMessageContaining("explanation before the SCORE line is missing");
        assertThatThrownBy(() -> JudgeReply.parseScoreLine("{\"score\": 80, \"rationale\": \"x\", \"error_tags\": []}"))
                .isInstanceOf(UnusableReplyException.class);
    }
}
