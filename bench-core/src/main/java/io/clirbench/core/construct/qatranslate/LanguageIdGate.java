package io.clirbench.core.construct.qatranslate;

import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import java.util.ArrayList;
import java.util.List;

/**
 * Language identification: each translated paragraph (title and sentences) and a translated question must read as the
 * language it was assigned ({@link LanguageIdentification}: script share, then function words for Latin-script
 * languages). Answers, often a bare name or number, are not judged alone.
 */
public final class LanguageIdGate implements ReleaseGate {

    public static final String NAME = "language-id";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<Failure> check(QaInstance source, QaInstance translated) {
        List<Failure> out = new ArrayList<>();
        for (int k = 0; k < source.candidates().size(); k++) {
            if (ReleaseGate.translated(source, translated, k)) {
                Candidate t = translated.candidates().get(k);
                String problem = LanguageIdentification.problem(t.title() + "\n" + String.join("\n", t.sentences()), t.language());
                if (problem != null) {
                    out.add(new Failure("paragraph " + t.id(), "not " + t.language() + ": " + problem));
                }
            }
        }
        if (ReleaseGate.questionTranslated(source, translated)) {
            String problem = LanguageIdentification.problem(translated.question(), translated.questionLanguage());
            if (problem != null) {
                out.add(new Failure("question", "not " + translated.questionLanguage() + ": " + problem));
            }
        }
        return out;
    }
}
