package io.clirbench.core.construct.qatranslate;

import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import java.util.List;

/**
 * The exact-copy screen: a "translation" identical to its source is refused. A translated paragraph fails when every
 * sentence equals its source sentence (surrounding spaces aside; the title alone may stay, names often do), and a
 * translated question when it equals the source question. Answers are not screened: a name, a year or a place is
 * often the same in both languages.
 */
public final class ExactCopyGate implements ReleaseGate {

    public static final String NAME = "exact-copy";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<Failure> paragraph(Candidate s, Candidate t) {
        boolean same = s.sentences().size() == t.sentences().size();
        for (int n = 0; same && n < s.sentences().size(); n++) {
            same = s.sentences().get(n).strip().equals(t.sentences().get(n).strip());
        }
        return same ? List.of(new Failure("paragraph " + s.id(), "its " + t.language() + " translation is the " + s.language()
                + " source, unchanged")) : List.of();
    }

    @Override
    public List<Failure> question(QaInstance source, QaInstance translated) {
        return source.question().strip().equals(translated.question().strip()) ? List.of(new Failure("question", "its "
                + translated.questionLanguage() + " translation is the " + source.questionLanguage() + " source, unchanged")) : List.of();
    }
}
