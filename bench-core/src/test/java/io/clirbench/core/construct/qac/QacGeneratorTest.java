package io.clirbench.core.construct.qac;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.core.llm.UnusableReplyException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The verifier's replies: one entry per candidate, numbered 1-3 in order, every criterion an integer 1-5. */
class QacGeneratorTest {

    private static final String ENTRY = "{\"candidate\": %d, \"faith_grounding\": %d, \"faith_precision\": 4, \"faith_numerical_fidelity\": 5}";

    private static String faith(int a, int b, int c, int g1, int g2, int g3) {
        return "{\"candidates\": [" + String.format(ENTRY, a, g1) + ", " + String.format(ENTRY, b, g2) + ", " + String.format(ENTRY, c, g3)
                + "]}";
    }

    @Test
    void aUsableFaithfulnessReplyGivesEachCandidatesCriteriaInOrder() throws Exception {
        List<QacGenerator.Scores> s = QacGenerator.scores(faith(1, 2, 3, 5, 3, 1), QacMode.FAITHFULNESS, null);
        assertThat(s).extracting(QacGenerator.Scores::values).containsExactly(List.of(5, 4, 5), List.of(3, 4, 5), List.of(1, 4, 5));
        assertThat(s).extracting(QacGenerator.Scores::failureType).containsOnlyNulls();
    }

    @Test
    void outOfOrderMissingOrOutOfRangeEntriesAreUnusable() {
        assertThatThrownBy(() -> QacGenerator.scores(faith(2, 1, 3, 5, 5, 5), QacMode.FAITHFULNESS, null))
                .isInstanceOf(UnusableReplyException.class).hasMessage("entry 1 of 'candidates' must be an object with \"candidate\": 1");
        assertThatThrownBy(() -> QacGenerator.scores(faith(1, 2, 3, 5, 6, 5), QacMode.FAITHFULNESS, null))
                .isInstanceOf(UnusableReplyException.class).hasMessage("the field 'faith_grounding' is 6, outside 1-5");
        assertThatThrownBy(() -> QacGenerator.scores("{\"candidates\": [" + String.format(ENTRY, 1, 5) + "]}", QacMode.FAITHFULNESS, null))
                .isInstanceOf(UnusableReplyException.class).hasMessageContaining("exactly 3");
    }

    @Test
    void qualityRepliesCarryAFailureTypeNoneWhenAbsent() throws Exception {
        String entry = "{\"candidate\": %d, \"qual_search_realism\": 5, \"qual_lexical_distance\": 4, \"qual_conceptual_framing\": 3, "
                + "\"qual_retrievability\": 2, \"qual_linguistic_quality\": 1%s}";
        String reply = "{\"candidates\": [" + String.format(entry, 1, ", \"qual_failure_type\": \"Keyword-Lifted\"") + ", "
                + String.format(entry, 2, "") + ", " + String.format(entry, 3, ", \"qual_failure_type\": \"none\"") + "]}";
        List<QacGenerator.Scores> s = QacGenerator.scores(reply, QacMode.GENERAL.quality(), "qual_failure_type");
        assertThat(s).extracting(QacGenerator.Scores::values).containsOnly(List.of(5, 4, 3, 2, 1));
        assertThat(s).extracting(QacGenerator.Scores::failureType).containsExactly("keyword-lifted", "none", "none");
        assertThatThrownBy(() -> QacGenerator.scores(reply.replace("\"Keyword-Lifted\"", "7"), QacMode.GENERAL.quality(), "qual_failure_type"))
                .isInstanceOf(UnusableReplyException.class).hasMessage("'qual_failure_type' of candidate 1 must be a string");
    }

    @Test
    void theVerifierPromptsListTheThreeCandidates() {
        List<QacCandidate> c = List.of(new QacCandidate("q1?", "a1", "method", List.of(), List.of(), null),
                new QacCandidate("q2?", "a2", "method", List.of(), List.of(), null), new QacCandidate("q3?", "a3", "method", List.of(), List.of(), null));
        assertThat(QacGenerator.listed(c)).isEqualTo("Candidate 1\nQuestion: q1?\nAnswer: a1\n\nCandidate 2\nQuestion: q2?\nAnswer: a2\n\n"
                + "Candidate 3\nQuestion: q3?\nAnswer: a3");
    }
}
