package io.clirbench.core.qa.eval;

/**
 * The per-example outcome kept after an instance is scored (its texts are not kept).
 *
 * @param id                 instance id
 * @param questionLanguage   question language (its language identity, e.g. {@code pt} for {@code pt-BR})
 * @param sourceId           source example id (bootstrap cluster)
 * @param predictionPresent  the file had a prediction for the id
 * @param score              the scores
 * @param descriptor         the language descriptors
 */
public record ExampleRecord(String id, String questionLanguage, String sourceId, boolean predictionPresent,
                            ExampleScore score, Descriptor descriptor) {
}
