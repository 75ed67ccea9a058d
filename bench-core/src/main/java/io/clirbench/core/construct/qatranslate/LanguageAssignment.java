package io.clirbench.core.construct.qatranslate;

import java.util.List;

/**
 * Which language each unit of a source instance takes, as XHotpotQA's generator assigns it
 * ({@code xhotpotqa/data/assignment.py}): the unit {@code question-answer} (question and answer together) and one unit
 * {@code paragraph:N} per candidate paragraph, N its 0-based position in the instance. Two strategies, as the peer's:
 * {@link HashLanguageAssignment} (seeded, {@code sha256-hash-v1}) and {@link ManifestLanguageAssignment} (a frozen
 * manifest replayed exactly, for versioned regeneration).
 */
public interface LanguageAssignment {

    /** The unit id of the question and its answer. */
    String QUESTION_ANSWER = "question-answer";

    /** The unit id of the paragraph at 0-based position {@code index}. */
    static String paragraph(int index) {
        return "paragraph:" + index;
    }

    /** The units of an instance with {@code paragraphs} candidates, in the peer's order. */
    static List<String> units(int paragraphs) {
        List<String> units = new java.util.ArrayList<>(paragraphs + 1);
        units.add(QUESTION_ANSWER);
        for (int k = 0; k < paragraphs; k++) {
            units.add(paragraph(k));
        }
        return units;
    }

    /** {@code assignment_version} of the records' provenance. */
    String version();

    /** SHA-256 of the manifest's bytes; empty for a seeded assignment. */
    String manifestSha256();

    /** The seed; null for a manifest. */
    Long seed();

    /** The languages units can take (the audit's categories), in a stable order. */
    List<String> languages();

    /** Null when every unit of the source can be assigned, else why not (naming the source). */
    String problem(String sourceId, List<String> unitIds);

    /** The language of one unit. */
    String assign(String sourceId, String unitId);
}
