package io.clirbench.core.qa.model;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One XHotpotQA canonical record (ARCHITECTURE.md "QA dataset layout").
 *
 * @param id               instance id
 * @param sourceId         id of the source example (the bootstrap cluster of METRICS.md §4)
 * @param sourceSplit      split of the source example
 * @param questionType     e.g. {@code bridge}, {@code comparison}
 * @param difficulty       e.g. {@code easy}, {@code medium}, {@code hard}
 * @param question         the question text
 * @param answer           the canonical answer
 * @param questionLanguage language tag of the question
 * @param answerLanguage   language tag of the answer (must be the question's language)
 * @param candidates       ordered candidate paragraphs
 * @param supportingFacts  the gold facts
 * @param status           {@code accepted}, {@code review_required}, {@code quarantined}, or {@code null}
 * @param provenance       free provenance fields, insertion-ordered
 */
public record QaInstance(String id, String sourceId, String sourceSplit, String questionType, String difficulty,
                         String question, String answer, String questionLanguage, String answerLanguage,
                         List<Candidate> candidates, List<SupportingFact> supportingFacts, String status,
                         Map<String, Object> provenance) {

    public QaInstance {
        candidates = List.copyOf(candidates);
        supportingFacts = List.copyOf(supportingFacts);
        provenance = provenance == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(provenance));
    }

    /** The candidate with this id, or {@code null}. */
    public Candidate candidate(String paragraphId) {
        for (Candidate c : candidates) {
            if (c.id().equals(paragraphId)) {
                return c;
            }
        }
        return null;
    }
}
