package io.clirbench.core.qa.model;

import java.util.Set;

/**
 * A system's prediction for one instance. A side is {@code null} when the file did not give it
 * (a HotpotQA file keeps answers and support in separate maps, METRICS.md §4 "A missing prediction").
 *
 * @param id      instance id
 * @param answer  the predicted answer, or {@code null} when absent
 * @param support the predicted facts (duplicates collapsed), or {@code null} when absent
 * @param byTitle whether the facts name paragraphs by title (HotpotQA {@code [title, sent]}) rather than by id
 */
public record QaPrediction(String id, String answer, Set<FactKey> support, boolean byTitle) {

    public QaPrediction {
        support = support == null ? null : Set.copyOf(support);
    }
}
