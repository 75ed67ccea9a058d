package io.clirbench.core.qa.format;

import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.LanguageCheck;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.model.LanguageTag;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.Scripts;
import io.clirbench.core.qa.model.SupportingFact;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The meaning checks of a QA dataset, each problem naming file, line and value: duplicate instance ids,
 * language tags that {@link LanguageTag} refuses or that are not in the script table, question and answer
 * languages that differ (by language identity: {@code pt-BR} and {@code pt} do not), duplicate candidate ids, a
 * candidate without sentences, and supporting facts that name an unknown paragraph or a sentence index out of range.
 */
public final class QaValidator {

    private final String file;
    private final Problems problems;
    private final IdLines firstLineOfId = new IdLines();

    /** A validator of the instances of one file, in order. */
    public QaValidator(String file, Problems problems) {
        this.file = file;
        this.problems = problems;
    }

    /** Checks one instance read from {@code line}. */
    public void check(QaInstance instance, int line) {
        checkUnique(instance.id(), line);
        checkContent(instance, line, problems);
    }

    /** The check across instances: an id seen on an earlier line (instances offered in file order). */
    void checkUnique(String id, int line) {
        int first = firstLineOfId.putIfAbsent(id, line);
        if (first != 0) {
            problems.add(file, line, "duplicate id " + JsonValues.quote(id) + " (first on line " + first + ")");
        }
    }

    /**
     * The checks of one instance alone (everything but {@link #checkUnique}), recorded in {@code into}; holds no
     * state, so workers may call it at once on different instances.
     */
    void checkContent(QaInstance instance, int line, Problems into) {
        language(instance.questionLanguage(), "question_language", line, into);
        language(instance.answerLanguage(), "answer_language", line, into);
        if (!LanguageTag.sameLanguage(instance.questionLanguage(), instance.answerLanguage())) {
            into.add(file, line, "question_language " + JsonValues.quote(instance.questionLanguage())
                    + " differs from answer_language " + JsonValues.quote(instance.answerLanguage()));
        }
        Map<String, Candidate> byId = new HashMap<>();
        for (int i = 0; i < instance.candidates().size(); i++) {
            Candidate c = instance.candidates().get(i);
            if (byId.putIfAbsent(c.id(), c) != null) {
                into.add(file, line, "candidates[" + i + "]: duplicate paragraph id " + JsonValues.quote(c.id()));
            }
            language(c.language(), "candidates[" + i + "].language", line, into);
            if (c.sentences().isEmpty()) {
                into.add(file, line, "candidates[" + i + "]: paragraph " + JsonValues.quote(c.id()) + " has no sentences");
            }
        }
        for (int i = 0; i < instance.supportingFacts().size(); i++) {
            SupportingFact f = instance.supportingFacts().get(i);
            Candidate c = byId.get(f.paragraphId());
            if (c == null) {
                into.add(file, line, "supporting_facts[" + i + "]: unknown paragraph_id " + JsonValues.quote(f.paragraphId())
                        + " (candidates: " + byId.keySet().stream().sorted().toList() + ")");
            } else if (f.sentenceId() >= c.sentences().size()) {
                into.add(file, line, "supporting_facts[" + i + "]: sentence_id " + f.sentenceId() + " is out of range for paragraph "
                        + JsonValues.quote(c.id()) + " (" + c.sentences().size() + " sentences)");
            }
        }
    }

    private void language(String code, String field, int line, Problems into) {
        String problem = LanguageCheck.problem(code);
        if (problem != null) {
            into.add(file, line, field + ": " + problem);
        } else if (!Scripts.known(code)) {
            into.add(file, line, field + ": language " + JsonValues.quote(code) + " has no entry in the QA script table "
                    + Scripts.languages());
        }
    }

    /**
     * The languages an instance uses (question and candidates), for the descriptor's {@code languages}: canonical
     * tags ({@code pt_BR} → {@code pt-BR}), a value {@link LanguageTag} refuses as written (its problem is told).
     */
    static Set<String> languagesOf(QaInstance instance) {
        Set<String> out = new HashSet<>();
        out.add(canonicalOrAsWritten(instance.questionLanguage()));
        instance.candidates().forEach(c -> out.add(canonicalOrAsWritten(c.language())));
        return out;
    }

    /** The canonical tag of {@code code}, or {@code code} itself when it is refused (and reported elsewhere). */
    static String canonicalOrAsWritten(String code) {
        return LanguageCheck.problem(code) == null ? LanguageTag.canonical(code) : code;
    }
}
