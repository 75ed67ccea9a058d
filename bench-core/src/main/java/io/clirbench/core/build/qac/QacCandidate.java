package io.clirbench.core.build.qac;

import java.util.List;

/**
 * One generated candidate and its verification: scores in the CSV's order (3 faithfulness, 5 quality; 1–5 each) and
 * the failure type, or why the verifier's replies were unusable ({@code rejection}).
 */
public record QacCandidate(String question, String answer, String kind, List<Integer> faithfulness, List<Integer> quality,
                           String failureType, String rejection, int verifierAttempts) {

    public boolean verified() {
        return rejection == null;
    }

    public int faithOverall() {
        return faithfulness.stream().mapToInt(Integer::intValue).sum();
    }

    public int qualOverall() {
        return quality.stream().mapToInt(Integer::intValue).sum();
    }

    /** faith_overall (3–15) + qual_overall (5–25): 8–40. */
    public int total() {
        return faithOverall() + qualOverall();
    }

    QacCandidate verifiedAs(List<Integer> faith, List<Integer> qual, String failure, int attempts) {
        return new QacCandidate(question, answer, kind, faith, qual, failure, null, attempts);
    }

    QacCandidate rejectedBecause(String reason, int attempts) {
        return new QacCandidate(question, answer, kind, List.of(), List.of(), null, reason, attempts);
    }
}
