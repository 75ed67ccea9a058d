package io.clirbench.core.construct.qac;

import java.util.List;

/**
 * One generated candidate and its verification: scores in the CSV's order (3 faithfulness, 5 quality; 1–5 each) and
 * the quality failure type; empty scores while (or when) the verifier has not scored it.
 */
public record QacCandidate(String question, String answer, String kind, List<Integer> faithfulness, List<Integer> quality,
                           String failureType) {

    public boolean verified() {
        return !faithfulness.isEmpty() && !quality.isEmpty();
    }

    /** faith_overall: grounding + precision + numerical fidelity, 3–15. */
    public int faithOverall() {
        return faithfulness.stream().mapToInt(Integer::intValue).sum();
    }

    /** qual_overall: the mode's five quality criteria, 5–25. */
    public int qualOverall() {
        return quality.stream().mapToInt(Integer::intValue).sum();
    }

    /** total_score on ChemCLIR's native 40-point scale: faith_overall + qual_overall (8–40 with 1–5 criteria). */
    public int total() {
        return faithOverall() + qualOverall();
    }

    QacCandidate verifiedAs(List<Integer> faith, List<Integer> qual, String failure) {
        return new QacCandidate(question, answer, kind, faith, qual, failure);
    }
}
