package io.clirbench.eval.pipeline;

import io.clirbench.eval.config.EvalConfig;
import io.clirbench.service.store.Database;
import io.quarkus.logging.Log;
import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The bounded evaluation pool of one replica: {@code eval.evaluation.threads} workers that claim runs of every
 * pillar from the queue every replica shares ({@code eval_evaluation}) and evaluate them ({@link EvaluationRunner}).
 *
 * <p>Scheduling: the queue is served oldest first, and with two or more threads the last one takes
 * only small runs (cost at most {@code eval.evaluation.small-cost}). A small run therefore never waits
 * behind a large one, only behind the small runs ahead of it, each bounded in cost; large runs keep
 * their order and cannot be starved by a stream of small ones, since the other threads take the oldest
 * run whatever its cost. Cheapest-first would have let a large run wait forever (it needs aging, whose
 * rate is one more knob to tune); the reserved thread gives both bounds with one threshold.
 *
 * <p>Replicas: a claim is a lease (owner, expiry) renewed every third of {@code eval.evaluation.lease}
 * while this replica lives; a replica that dies stops renewing, and after the lease ends any replica's
 * idle worker claims the run again. A clean stop gives its leases back at once.
 */
@ApplicationScoped
public class EvaluationScheduler {

    private final Database db;
    private final EvaluationQueueStore queue;
    private final EvaluationRunner runner;
    private final EvalConfig.Evaluation config;
    private final String owner;
    private final Object signal = new Object();
    private final AtomicInteger running = new AtomicInteger();
    private final AtomicInteger peak = new AtomicInteger();
    private final List<Thread> workers = new ArrayList<>();
    private long generation;
    private volatile boolean stopping;
    private ScheduledExecutorService heartbeat;

    public EvaluationScheduler(Database db, EvaluationQueueStore queue, EvaluationRunner runner, EvalConfig config) {
        this.db = db;
        this.queue = queue;
        this.runner = runner;
        this.config = config.evaluation();
        if (this.config.threads() < 1) {
            throw new IllegalArgumentException("eval.evaluation.threads must be at least 1, got " + this.config.threads());
        }
        if (this.config.lease().toMillis() < 300) {
            throw new IllegalArgumentException("eval.evaluation.lease must be at least 300ms, got " + this.config.lease());
        }
        this.owner = this.config.replicaId().orElseGet(() -> hostName() + "-" + ProcessHandle.current().pid() + "-"
                + UUID.randomUUID().toString().substring(0, 8));
    }

    void onStart(@Observes StartupEvent event) {
        // a starting process holds nothing: leases under its name are a previous process's with the same replica-id
        db.inTransaction(c -> queue.release(c, owner));
        runner.resumeEvaluations();
        int threads = config.threads();
        for (int i = 0; i < threads; i++) {
            boolean smallOnly = threads > 1 && i == threads - 1;
            Thread worker = new Thread(() -> work(smallOnly), "eval-worker-" + i + (smallOnly ? "-small" : ""));
            worker.setDaemon(true);
            workers.add(worker);
            worker.start();
        }
        long renewMillis = Math.max(100, config.lease().toMillis() / 3);
        heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "eval-lease-renewal");
            thread.setDaemon(true);
            return thread;
        });
        heartbeat.scheduleWithFixedDelay(this::renew, renewMillis, renewMillis, TimeUnit.MILLISECONDS);
        Log.infof("evaluation pool of replica %s: %d thread(s)%s, lease %s", owner, threads,
                threads > 1 ? ", the last for runs of cost <= " + config.smallCost() : "", config.lease());
    }

    /** Tells idle workers that a run was queued (they also look every {@code poll-interval}). */
    public void wake() {
        synchronized (signal) {
            generation++;
            signal.notifyAll();
        }
    }

    /** This replica's name in the queue's leases. */
    public String owner() {
        return owner;
    }

    /** Evaluations running on this replica now. */
    public int running() {
        return running.get();
    }

    /** The most evaluations this replica ever ran at once. */
    public int peakRunning() {
        return peak.get();
    }

    public EvalConfig.Evaluation config() {
        return config;
    }

    private void work(boolean smallOnly) {
        while (!stopping) {
            long seen;
            synchronized (signal) {
                seen = generation;
            }
            Optional<QueuedEvaluation> claimed = claimNext(smallOnly);
            if (claimed.isPresent()) {
                evaluate(claimed.get());
                continue;
            }
            synchronized (signal) {
                if (generation == seen && !stopping) {
                    try {
                        signal.wait(config.pollInterval().toMillis());
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        }
    }

    private void evaluate(QueuedEvaluation run) {
        int now = running.incrementAndGet();
        peak.accumulateAndGet(now, Math::max);
        try {
            // the e2e tests read this line: "evaluating run ID (cost ..., claim N)"
            Log.infof("evaluating run %s (cost %d query-resamples, claim %d) on %s (%s)", run.runId(), run.cost(),
                    run.claims() + 1, Thread.currentThread().getName(), run.kind());
            runner.evaluate(run, owner);
        } catch (RuntimeException | Error e) {
            Log.errorf(e, "evaluation of run %s could not be finished here; its lease is given back and another claim retries it",
                    run.runId());
            try {
                // the heartbeat renews every lease this replica holds: without this the run would stay leased here
                db.inTransaction(c -> queue.release(c, run.kind(), run.runId(), owner));
            } catch (RuntimeException again) {
                Log.warnf("cannot give back the lease of run %s: %s (it ends when this replica stops)", run.runId(), again.getMessage());
            }
        } finally {
            running.decrementAndGet();
        }
    }

    /** The oldest claimable run this worker may take, claimed; empty when there is none (or the database failed). */
    private Optional<QueuedEvaluation> claimNext(boolean smallOnly) {
        try {
            long now = System.currentTimeMillis();
            for (QueuedEvaluation row : db.inTransaction(queue::list)) {
                if (!row.claimable(now) || (smallOnly && row.cost() > config.smallCost())) {
                    continue;
                }
                if (row.claims() >= config.maxClaims()) {
                    abandon(row);
                    continue;
                }
                if (db.inTransaction(c -> queue.claim(c, row.kind(), row.runId(), owner, now, now + config.lease().toMillis()))) {
                    return Optional.of(row);
                }
            }
        } catch (RuntimeException e) {
            if (!stopping) {
                Log.warnf("evaluation queue unavailable: %s", e.getMessage());
            }
        }
        return Optional.empty();
    }

    private void abandon(QueuedEvaluation row) {
        String message = "evaluation abandoned after " + row.claims() + " claims: each replica that claimed it (the last: "
                + row.owner() + ") stopped before it finished (eval.evaluation.max-claims " + config.maxClaims() + ")";
        if (runner.abandon(row, message)) {
            Log.warnf("%s run %s: %s", row.kind(), row.runId(), message);
        }
    }

    private void renew() {
        try {
            db.inTransaction(c -> queue.renew(c, owner, System.currentTimeMillis() + config.lease().toMillis()));
        } catch (RuntimeException e) {
            Log.warnf("cannot renew the evaluation leases of %s: %s", owner, e.getMessage());
        }
    }

    @PreDestroy
    void stop() {
        stopping = true;
        wake();
        if (heartbeat != null) {
            heartbeat.shutdownNow();
        }
        workers.forEach(Thread::interrupt);
        try {
            int released = db.inTransaction(c -> queue.release(c, owner));
            if (released > 0) {
                Log.infof("gave back %d evaluation lease(s) of %s", released, owner);
            }
        } catch (RuntimeException e) {
            Log.infof("evaluation leases of %s not given back (%s): they expire after %s", owner, e.getMessage(), config.lease());
        }
    }

    private static String hostName() {
        try {
            return java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            return "eval";
        }
    }
}
