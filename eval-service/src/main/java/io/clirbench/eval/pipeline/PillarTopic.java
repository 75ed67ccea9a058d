package io.clirbench.eval.pipeline;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * What the QA and agent event handlers share: their channel and its dead letters, and the queueing of a run's
 * evaluation once its events are in (in the transaction that moves it to EVALUATING; the workers woken after the
 * commit).
 */
public abstract class PillarTopic implements TopicAdapter {

    private final String channel;
    private final String deadLetterChannel;
    private final EvaluationQueueStore queue;
    private final EvaluationScheduler scheduler;

    /** For the container's client proxy (an {@code @ApplicationScoped} subclass); never used to handle events. */
    protected PillarTopic() {
        this(null, null, null, null);
    }

    protected PillarTopic(String channel, String deadLetterChannel, EvaluationQueueStore queue, EvaluationScheduler scheduler) {
        this.channel = channel;
        this.deadLetterChannel = deadLetterChannel;
        this.queue = queue;
        this.scheduler = scheduler;
    }

    @Override
    public String channel() {
        return channel;
    }

    @Override
    public String deadLetterChannel() {
        return deadLetterChannel;
    }

    /** Queues the run's evaluation with its cost, in the caller's transaction. */
    protected void queueEvaluation(Connection c, EvaluationKind kind, String runId, long cost) throws SQLException {
        queue.enqueue(c, kind, runId, cost, System.currentTimeMillis());
    }

    /** Tells this replica's idle workers that a run was queued (call it after the commit). */
    protected void wakeWorkers() {
        scheduler.wake();
    }
}
