package io.clirbench.core.construct.qatranslate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.SupportingFact;
import java.util.List;
import org.junit.jupiter.api.Test;

class MixingAuditTest {

    private static Candidate p(String id, String language) {
        return new Candidate(id, id, List.of("s0", "s1"), language, null, null);
    }

    private static QaInstance instance(String id, List<Candidate> candidates, String... supporting) {
        List<SupportingFact> facts = java.util.Arrays.stream(supporting).map(s -> new SupportingFact(s, 0, null)).toList();
        return new QaInstance(id, id, "dev", "bridge", "hard", "q?", "a", "en", "en", candidates, facts, null, null);
    }

    @Test
    void sharesChiSquareAndCrossLanguageSupportAgainstHandValues() {
        // L = 3 (de, en, fr). Seven paragraphs: en 4, de 3, fr 0.
        // A: p1 en, p2 de, p3 en; supporting p1 (twice: counts once), p2 -> k = 2, spans 2 languages.
        // B: q1 de, q2 de; supporting q1, q2 -> k = 2, one language.
        // C: r1 en, r2 en; supporting r1 -> k = 1, p = 0.
        List<QaInstance> instances = List.of(
                new QaInstance("A", "A", "dev", "bridge", "hard", "q?", "a", "en", "en", List.of(p("p1", "en"), p("p2", "de"), p("p3", "en")),
                        List.of(new SupportingFact("p1", 0, null), new SupportingFact("p1", 1, null), new SupportingFact("p2", 0, null)),
                        null, null),
                instance("B", List.of(p("q1", "de"), p("q2", "de")), "q1", "q2"),
                instance("C", List.of(p("r1", "en"), p("r2", "en")), "r1"));

        ObjectNode audit = MixingAudit.of(instances, List.of("de", "en", "fr"));

        // Expected per language 7/3; chi-square = ((4-7/3)^2 + (3-7/3)^2 + (0-7/3)^2) / (7/3) = (78/9) * (3/7) = 78/21.
        assertThat(audit.get("paragraphs").asInt()).isEqualTo(7);
        assertThat(audit.get("degrees_of_freedom").asInt()).isEqualTo(2);
        assertThat(audit.get("chi_square").asDouble()).isCloseTo(78.0 / 21, within(1e-12));
        assertThat(audit.at("/paragraph_languages/en/observed").asInt()).isEqualTo(4);
        assertThat(audit.at("/paragraph_languages/fr/observed").asInt()).isEqualTo(0);
        assertThat(audit.at("/paragraph_languages/de/expected").asDouble()).isCloseTo(7.0 / 3, within(1e-12));
        assertThat(audit.at("/paragraph_languages/en/share").asDouble()).isCloseTo(4.0 / 7, within(1e-12));

        // k = 2: p = 1 - 3^(1-2) = 2/3 (A and B); k = 1: p = 0 (C). Expected 4/3, variance 2 * (2/3)(1/3) = 4/9, sd 2/3,
        // observed 1 (A only), z = (1 - 4/3) / (2/3) = -1/2.
        ObjectNode span = (ObjectNode) audit.get("supporting_paragraphs_in_two_or_more_languages");
        assertThat(span.get("instances").asInt()).isEqualTo(3);
        assertThat(span.get("observed").asInt()).isEqualTo(1);
        assertThat(span.get("expected").asDouble()).isCloseTo(4.0 / 3, within(1e-12));
        assertThat(span.get("sd").asDouble()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(span.get("z").asDouble()).isCloseTo(-0.5, within(1e-12));
    }

    @Test
    void threeSupportingParagraphsOverFiveLanguages() {
        // k = 3, L = 5: p = 1 - 5^(-2) = 24/25; one instance whose three paragraphs share one language: observed 0,
        // sd = sqrt(24/25 * 1/25) = sqrt(24)/25, z = -(24/25) / (sqrt(24)/25) = -sqrt(24).
        QaInstance one = instance("X", List.of(p("a", "de"), p("b", "de"), p("c", "de")), "a", "b", "c");
        ObjectNode span = (ObjectNode) MixingAudit.of(List.of(one), List.of("de", "en", "es", "fr", "zh"))
                .get("supporting_paragraphs_in_two_or_more_languages");
        assertThat(span.get("expected").asDouble()).isCloseTo(24.0 / 25, within(1e-12));
        assertThat(span.get("z").asDouble()).isCloseTo(-Math.sqrt(24), within(1e-9));
    }
}
