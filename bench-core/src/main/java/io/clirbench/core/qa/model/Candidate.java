package io.clirbench.core.qa.model;

import java.util.List;

/**
 * One candidate paragraph of an instance.
 *
 * @param id              paragraph id, unique within the instance (e.g. {@code p00})
 * @param title           the title (in the paragraph's language)
 * @param sentences       the ordered sentences
 * @param language        language tag of the paragraph's text
 * @param sourceTitle     the source-language title, or {@code null}
 * @param sourceSentences the source-language sentences, or {@code null} (used by the sentence-count audit)
 */
public record Candidate(String id, String title, List<String> sentences, String language, String sourceTitle,
                        List<String> sourceSentences) {

    public Candidate {
        sentences = List.copyOf(sentences);
        sourceSentences = sourceSentences == null ? null : List.copyOf(sourceSentences);
    }
}
