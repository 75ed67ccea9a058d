package io.clirbench.core.construct.qajudge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.llm.UnusableReplyException;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The judge step's pieces with values computed outside the code: ids and ranks by sha256sum, statistics by hand. */
class QaJudgeTest {

    private static JudgeUnit unit(JudgeUnit.Kind kind, String paragraphId) {
        return new JudgeUnit("i1", "s1", "validation", "en", "de", kind, paragraphId, "Source.", "Quelle.",
                kind == JudgeUnit.Kind.ANSWER ? "Which?" : "");
    }

    @Test
    void theRecordIdAndTheRankAreThePeersHashes() {
        // printf '%s' '{"instance_id":"i1","language":"de","paragraph_id":"p0","source_id":"s1","unit":"paragraph"}' | sha256sum
        assertThat(unit(JudgeUnit.Kind.PARAGRAPH, "p0").recordId()).isEqualTo("b538209738ecf65169573f201ab85d6ccea03f08419071ef3d3801971f30b813");
        // the same with "paragraph_id":null and "unit":"answer"
        assertThat(unit(JudgeUnit.Kind.ANSWER, null).recordId()).isEqualTo("d5e31ebe1acabed5f2cf7ec122e18490324b5e5a95c57fefcdd5f5c80b7d7914");
        // printf '7\0de:paragraph\0abc' | sha256sum
        assertThat(JudgeSample.rank(7, "de:paragraph", "abc")).isEqualTo("bfac356b542307cba16bfc645c9434c23cff1a57bccbd86dc81abddafb1c2499");
    }

    @Test
    void theUserMessageIsThePeersCanonicalJson() {
        // written by hand from the peer's user_prompt: keys sorted, no spaces, the schema's keys sorted too
        assertThat(unit(JudgeUnit.Kind.ANSWER, null).userPayload()).isEqualTo("{\"candidate_text\":\"Quelle.\",\"context_question\":\"Which?\","
                + "\"response_schema\":{\"additionalProperties\":false,\"properties\":{\"error_tags\":{\"items\":{\"type\":\"string\"},"
                + "\"type\":\"array\"},\"rationale\":{\"minLength\":1,\"type\":\"string\"},\"score\":{\"maximum\":100,\"minimum\":0,"
                + "\"type\":\"integer\"}},\"required\":[\"score\",\"rationale\",\"error_tags\"],\"type\":\"object\"},"
                + "\"source_language\":\"English\",\"source_text\":\"Source.\",\"target_language_code\":\"de\",\"target_language_name\":\"German\","
                + "\"unit\":\"answer\"}");
    }

    @Test
    void aReplyIsUsableOnlyWithExactlyAnIntegerScoreARationaleAndTags() throws Exception {
        JudgeReply r = JudgeReply.parse("```json\n{\"score\": 87, \"rationale\": \" Fine. \", \"error_tags\": [\"register\", \" \"]}\n```");
        assertThat(r).isEqualTo(new JudgeReply(87, "Fine.", List.of("register")));
        assertThatThrownBy(() -> JudgeReply.parse("{\"score\": 87.5, \"rationale\": \"x\", \"error_tags\": []}"))
                .isInstanceOf(UnusableReplyException.class).hasMessage("the field 'score' must be an integer from 0 to 100, was 87.5");
        assertThatThrownBy(() -> JudgeReply.parse("{\"score\": 101, \"rationale\": \"x\", \"error_tags\": []}")).hasMessageContaining("was 101");
        assertThatThrownBy(() -> JudgeReply.parse("{\"score\": true, \"rationale\": \"x\", \"error_tags\": []}")).hasMessageContaining("was true");
        assertThatThrownBy(() -> JudgeReply.parse("{\"score\": 5, \"rationale\": \"x\"}"))
                .hasMessage("the reply must have exactly the keys score, rationale and error_tags, had [rationale, score]");
        assertThatThrownBy(() -> JudgeReply.parse("{\"score\": 5, \"rationale\": \"x\", \"error_tags\": [], \"note\": 1}"))
                .hasMessageContaining("had [error_tags, note, rationale, score]");
        assertThatThrownBy(() -> JudgeReply.parse("{\"score\": 5, \"score\": 6, \"rationale\": \"x\", \"error_tags\": []}"))
                .hasMessageContaining("a key twice");
        assertThatThrownBy(() -> JudgeReply.parse("{\"score\": 5, \"rationale\": \" \", \"error_tags\": []}")).hasMessageContaining("rationale");
        assertThatThrownBy(() -> JudgeReply.parse("{\"score\": 5, \"rationale\": \"x\", \"error_tags\": [1]}")).hasMessageContaining("error_tags");
        assertThatThrownBy(() -> JudgeReply.parse("SCORE: 80")).hasMessage("the reply holds no JSON object");
        assertThatThrownBy(() -> JudgeReply.parse("{\"score\": 5, \"rationale\"")).hasMessage("the reply holds no JSON object");
    }

    @Test
    void theReportGivesMeanDistributionAndSharesBelowTheFloors() {
        // scores 95, 55, 35, 5 and one failure: mean (95 + 55 + 35 + 5) / 4 = 47.5; tens: bins 0, 3, 5, 9;
        // below 10: 1 of 4, below 40: 2 of 4, below 60: 3 of 4
        List<UnitJudgement> js = List.of(judged("p0", 95), judged("p1", 55), judged("p2", 35), judged("p3", 5),
                new UnitJudgement(unit(JudgeUnit.Kind.PARAGRAPH, "p4"), null, "the reply holds no JSON object", 3, null));
        ObjectNode r = QaJudgeReport.json(new QaJudgeReport.Setup("d", "s", 1, 80, 20, 20, "h", "judge-1", ""), js, List.of());
        var de = r.at("/per_language/de/paragraph");
        assertThat(de.get("sampled").asInt()).isEqualTo(5);
        assertThat(de.get("failed").asInt()).isEqualTo(1);
        assertThat(de.get("mean").asDouble()).isEqualTo(47.5);
        assertThat(de.get("min").asInt()).isEqualTo(5);
        assertThat(de.get("distribution_by_ten").toString()).isEqualTo("[1,0,0,1,0,1,0,0,0,1]");
        assertThat(de.get("share_below_10").asDouble()).isEqualTo(0.25);
        assertThat(de.get("share_below_40").asDouble()).isEqualTo(0.5);
        assertThat(de.get("share_below_60").asDouble()).isEqualTo(0.75);
        assertThat(r.at("/units/asked_again").asInt()).isEqualTo(2);
        assertThat(r.at("/failures_by_reason/the reply holds no JSON object").asInt()).isEqualTo(1);
        assertThat(QaJudgeReport.markdown(r)).contains("| de | paragraph | 4 | 1 | 47.50 | 5 | 95 | 0.25 | 0.50 | 0.75 |");
    }

    private static UnitJudgement judged(String paragraph, int score) {
        return new UnitJudgement(unit(JudgeUnit.Kind.PARAGRAPH, paragraph), new JudgeReply(score, "r", List.of()), null, 1, null);
    }

    @Test
    void aTranslatedParagraphWithoutItsSourceOrAnInstanceWithoutItsSourceIsAnErrorNamingIt() {
        QaInstance src = instance("i1", "en", new Candidate("p0", "T", List.of("A."), "en", null, null));
        QaInstance noSource = instance("i1", "en", new Candidate("p0", "T", List.of("A."), "de", null, null));
        assertThatThrownBy(() -> JudgeSample.units(List.of(noSource), List.of(src), 1, 1, 1, 7))
                .hasMessage("instance 'i1' candidate 'p0' is in 'de' but has no source_sentences: not a translation this command can judge");
        QaInstance other = new QaInstance("i9", "s9", "validation", "bridge", "hard", "q", "a", "en", "en", List.of(), List.of(), null, Map.of());
        assertThatThrownBy(() -> JudgeSample.units(List.of(other), List.of(src), 1, 1, 1, 7))
                .hasMessage("instance 'i9': the source dataset has no instance with source_id 's9'");
    }

    private static QaInstance instance(String id, String qLang, Candidate c) {
        return new QaInstance(id, "s1", "validation", "bridge", "hard", "q", "a", qLang, qLang, List.of(c), List.of(), null, Map.of());
    }
}
