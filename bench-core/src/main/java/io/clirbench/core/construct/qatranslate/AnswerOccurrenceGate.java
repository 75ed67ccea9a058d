package io.clirbench.core.construct.qatranslate;

import com.ibm.icu.lang.UCharacter;
import com.ibm.icu.text.Normalizer2;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.SupportingFact;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Answer occurrence: where the source answer occurs in a source supporting paragraph, the released answer must occur in
 * that paragraph as released, when both are in the same language (a German answer cannot be looked for in a Thai
 * paragraph; an answer kept in English next to an English paragraph always passes). Texts are compared after NFKC and
 * lower-casing; {@code yes} and {@code no} (comparison questions) are not looked for. The gate applies only when the
 * answer or one such paragraph was translated, and fails when the answer occurs in none of them.
 */
public final class AnswerOccurrenceGate implements ReleaseGate {

    public static final String NAME = "answer-occurrence";
    private static final Normalizer2 NFKC = Normalizer2.getNFKCInstance();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<Failure> check(QaInstance source, QaInstance translated) {
        String answer = fold(source.answer());
        if (answer.isBlank() || answer.equals("yes") || answer.equals("no")) {
            return List.of();
        }
        Set<String> supporting = new LinkedHashSet<>();
        for (SupportingFact f : source.supportingFacts()) {
            supporting.add(f.paragraphId());
        }
        List<String> checked = new ArrayList<>();
        boolean anyTranslated = ReleaseGate.questionTranslated(source, translated);
        boolean found = false;
        String released = fold(translated.answer());
        for (int k = 0; k < source.candidates().size(); k++) {
            Candidate s = source.candidates().get(k);
            Candidate t = translated.candidates().get(k);
            if (!supporting.contains(s.id()) || !t.language().equals(translated.answerLanguage()) || !fold(text(s)).contains(answer)) {
                continue;
            }
            checked.add(s.id());
            anyTranslated |= ReleaseGate.translated(source, translated, k);
            found |= fold(text(t)).contains(released);
        }
        if (checked.isEmpty() || !anyTranslated || found) {
            return List.of();
        }
        return List.of(new Failure("answer", "the source answer " + quote(source.answer()) + " occurs in supporting paragraph(s) "
                + checked + ", the " + translated.answerLanguage() + " answer " + quote(translated.answer()) + " in none of them"));
    }

    private static String text(Candidate c) {
        return c.title() + "\n" + String.join("\n", c.sentences());
    }

    private static String fold(String s) {
        return UCharacter.toLowerCase(Locale.ROOT, NFKC.normalize(s)).strip();
    }

    private static String quote(String s) {
        return "'" + s + "'";
    }
}
