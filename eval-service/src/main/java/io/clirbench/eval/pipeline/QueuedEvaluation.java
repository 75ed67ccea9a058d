package io.clirbench.eval.pipeline;

/**
 * One row of {@code eval_evaluation}: a run of some pillar waiting for, or under, evaluation.
 *
 * @param cost      query-resamples ({@link EvaluationCost})
 * @param owner     the replica that claimed it, {@code null} while queued
 * @param expiresAt when the owner's lease ends unless renewed (epoch ms), {@code null} while queued
 * @param claims    how often a replica claimed it
 */
public record QueuedEvaluation(EvaluationKind kind, String runId, long cost, long queuedAt, String owner, Long expiresAt,
                               int claims) {

    /** Whether a replica may claim it at {@code now}: nobody holds it, or the holder's lease expired. */
    public boolean claimable(long now) {
        return owner == null || expiresAt == null || expiresAt < now;
    }
}
