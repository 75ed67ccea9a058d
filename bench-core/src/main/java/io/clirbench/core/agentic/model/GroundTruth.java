package io.clirbench.core.agentic.model;

/**
 * A question with its answer (BrowseComp-Plus ground truth, or a task query).
 *
 * @param queryId the query id
 * @param query   the question text
 * @param answer  the gold answer
 * @param lang    the question's language (ISO 639-1)
 */
public record GroundTruth(String queryId, String query, String answer, String lang) {
}
