package io.clirbench.core.construct.qatranslate;

import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import java.util.ArrayList;
import java.util.List;

/**
 * One release gate over a translated instance: what XHotpotQA's release would not ship. A gate sees the source instance
 * and its translation (candidates aligned by position) and names each unit that fails; an instance with any failure
 * is quarantined ({@link ReleaseGates}), not released.
 */
public interface ReleaseGate {

    /** The gate's name, as {@code --gates} and {@code quarantine.jsonl} write it. */
    String name();

    /**
     * The failures of {@code translated} (empty when it passes): by default those of each translated paragraph
     * ({@link #paragraph}), in order, then those of the question-answer unit when it was translated ({@link #question}).
     */
    default List<Failure> check(QaInstance source, QaInstance translated) {
        List<Failure> out = new ArrayList<>();
        for (int k = 0; k < source.candidates().size(); k++) {
            if (translated(source, translated, k)) {
                out.addAll(paragraph(source.candidates().get(k), translated.candidates().get(k)));
            }
        }
        if (questionTranslated(source, translated)) {
            out.addAll(question(source, translated));
        }
        return out;
    }

    /** The failures of one translated paragraph (its source and its translation); none by default. */
    default List<Failure> paragraph(Candidate source, Candidate translated) {
        return List.of();
    }

    /** The failures of the translated question-answer unit; none by default. */
    default List<Failure> question(QaInstance source, QaInstance translated) {
        return List.of();
    }

    /**
     * One failure.
     *
     * @param unit   the unit that failed ({@code paragraph p0}, {@code question})
     * @param reason why, in words
     */
    record Failure(String unit, String reason) {
    }

    /** Whether the candidate at {@code k} was translated (its language changed). */
    static boolean translated(QaInstance source, QaInstance translated, int k) {
        return !source.candidates().get(k).language().equals(translated.candidates().get(k).language());
    }

    /** Whether the question-answer unit was translated. */
    static boolean questionTranslated(QaInstance source, QaInstance translated) {
        return !source.questionLanguage().equals(translated.questionLanguage());
    }
}
