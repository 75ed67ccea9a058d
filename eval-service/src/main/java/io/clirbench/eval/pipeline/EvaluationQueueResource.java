package io.clirbench.eval.pipeline;

import io.clirbench.service.store.Database;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;

/** The shared evaluation queue of every pillar: what every replica is evaluating and what waits, with each run's cost. */
@Path("/api/evaluations")
public class EvaluationQueueResource {

    /** One queued or running evaluation of any pillar ({@code kind} RETRIEVAL, QA or AGENT); {@code owner} is null while it waits. */
    public record Entry(String kind, String runId, long cost, boolean small, int position, String queuedAt, String owner,
                        String leaseExpiresAt, int claims) {
    }

    /** This replica's pool and the queue of every replica; costs in query-resamples (queries x retrievers x max(1, B)). */
    public record QueueView(String replica, int threads, int running, int peakRunning, long smallCost, long maxCost,
                            List<Entry> evaluations) {
    }

    private final Database db;
    private final EvaluationQueueStore queue;
    private final EvaluationScheduler scheduler;

    public EvaluationQueueResource(Database db, EvaluationQueueStore queue, EvaluationScheduler scheduler) {
        this.db = db;
        this.queue = queue;
        this.scheduler = scheduler;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public QueueView get() {
        var config = scheduler.config();
        long now = System.currentTimeMillis();
        List<QueuedEvaluation> rows = db.inTransaction(queue::list);
        int[] waiting = {0};
        List<Entry> entries = rows.stream().map(r -> {
            boolean held = !r.claimable(now);
            return new Entry(r.kind().name(), r.runId(), r.cost(), r.cost() <= config.smallCost(), held ? 0 : ++waiting[0],
                    Instant.ofEpochMilli(r.queuedAt()).toString(), held ? r.owner() : null,
                    held ? Instant.ofEpochMilli(r.expiresAt()).toString() : null, r.claims());
        }).toList();
        return new QueueView(scheduler.owner(), config.threads(), scheduler.running(), scheduler.peakRunning(),
                config.smallCost(), config.maxCost(), entries);
    }
}
