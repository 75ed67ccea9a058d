package io.clirbench.core.construct.qatranslate;

import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
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
    public List<Failure> paragraph(Candidate source, Candidate t) {
        String problem = LanguageIdentification.problem(t.title() + "\n" + String.join("\n", t.sentences()), t.language());
        return problem == null ? List.of() : List.of(new Failure("paragraph " + t.id(), "not " + t.language() + ": " + problem));
    }

    @Override
    public List<Failure> question(QaInstance source, QaInstance translated) {
        String problem = LanguageIdentification.problem(translated.question(), translated.questionLanguage());
        return problem == null ? List.of() : List.of(new Failure("question", "not " + translated.questionLanguage() + ": " + problem));
    }
}
