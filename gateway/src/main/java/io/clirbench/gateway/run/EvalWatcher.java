package io.clirbench.gateway.run;

import io.clirbench.core.run.RunState;
import io.clirbench.gateway.client.EvalClient;
import io.clirbench.gateway.config.GatewayConfig;
import io.clirbench.gateway.health.EvalAvailability;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.jboss.logging.Logger;

/**
 * Polls the eval-service for runs in EVALUATING every {@code gateway.eval.poll-interval} until it
 * reports COMPLETED or FAILED, or {@code gateway.eval.timeout} passes (then the run fails). While the
 * eval-service does not answer, the run's message says "evaluation unavailable: eval-service at URL not
 * answering since T" (README "Faults"); a message the run had before (a partial run's failed retrievers)
 * is kept before it and stays once the run is COMPLETED.
 */
@ApplicationScoped
public class EvalWatcher {

    private static final Logger LOG = Logger.getLogger(EvalWatcher.class);

    private final EvalClient eval;
    private final GatewayConfig config;
    private final EvalAvailability availability;
    private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "eval-watcher");
        t.setDaemon(true);
        return t;
    });

    EvalWatcher(EvalClient eval, GatewayConfig config, EvalAvailability availability) {
        this.eval = eval;
        this.config = config;
        this.availability = availability;
    }

    /**
     * Hands a run whose events are all published to the eval-service: EVALUATING, waiting for the report under
     * {@code collection} ({@code /api/runs/}, {@code /api/qa-runs/}), saved, then watched.
     */
    public void evaluate(RunProgress run, String collection, Consumer<RunProgress> save) {
        run.evaluation(RunState.WAITING.name(), eval.base() + collection + EvalClient.encode(run.id()) + "/report");
        run.state(RunLifecycle.EVALUATING, baseMessage(run.snapshot().message()));
        save.accept(run);
        watch(run, collection, save);
    }

    /** Watches a run whose eval-service state is under {@code collection}; state changes go to {@code listener}. */
    public void watch(RunProgress tracker, String collection, Consumer<RunProgress> listener) {
        long deadline = System.nanoTime() + config.eval().timeout().toNanos();
        long since = System.nanoTime();
        Watch w = new Watch(collection, listener, baseMessage(tracker.snapshot().message()));
        timer.schedule(() -> poll(w, tracker, since, deadline), 0, TimeUnit.MILLISECONDS);
    }

    /** {@code base}: the run's message apart from the unavailability notice (null when none). */
    private record Watch(String collection, Consumer<RunProgress> listener, String base) {
    }

    /** A message without its "evaluation unavailable" part. */
    static String baseMessage(String message) {
        if (message == null || message.startsWith(EvalAvailability.UNAVAILABLE)) {
            return null;
        }
        int at = message.indexOf(SEPARATOR + EvalAvailability.UNAVAILABLE);
        return at < 0 ? message : message.substring(0, at);
    }

    private static final String SEPARATOR = "; ";

    private static String withBase(String base, String notice) {
        return base == null ? notice : notice == null ? base : base + SEPARATOR + notice;
    }

    private void poll(Watch w, RunProgress tracker, long since, long deadline) {
        Consumer<RunProgress> onChange = w.listener();
        if (tracker.state() != RunLifecycle.EVALUATING || tracker.abandoned()) {
            return;
        }
        try {
            Optional<EvalClient.EvalStatus> status = eval.status(w.collection(), tracker.id());
            availability.answered();
            if (!java.util.Objects.equals(tracker.snapshot().message(), w.base())) {
                if (!tracker.transition(RunLifecycle.EVALUATING, RunLifecycle.EVALUATING, w.base())) {
                    return; // cancelled while the status call was in flight
                }
                onChange.accept(tracker);
            }
            String state = status.map(EvalClient.EvalStatus::state).orElse(RunState.WAITING.name());
            if (!state.equals(tracker.evaluation() == null ? null : tracker.evaluation().state())) {
                tracker.evaluation(state, tracker.evaluation() == null ? null : tracker.evaluation().url());
                onChange.accept(tracker);
            }
            if (RunState.COMPLETED.is(state)) {
                finish(onChange, tracker, since, RunLifecycle.COMPLETED, w.base());
                return;
            }
            if (RunState.FAILED.is(state)) {
                finish(onChange, tracker, since, RunLifecycle.FAILED, "eval-service failed the run: "
                        + status.map(EvalClient.EvalStatus::message).map(io.clirbench.core.io.FailureMessage::clean).orElse("(no message)"));
                return;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        } catch (java.io.IOException e) {
            LOG.debugf("eval-service not answering for run %s: %s", tracker.id(), e.toString());
            String message = withBase(w.base(), EvalAvailability.unavailable(eval.base(), availability.notAnswering()));
            if (!message.equals(tracker.snapshot().message())) {
                if (!tracker.transition(RunLifecycle.EVALUATING, RunLifecycle.EVALUATING, message)) {
                    return; // cancelled meanwhile
                }
                onChange.accept(tracker);
            }
        } catch (Exception e) {
            LOG.debugf("eval-service not answering for run %s: %s", tracker.id(), e.toString());
        }
        if (System.nanoTime() > deadline) {
            finish(onChange, tracker, since, RunLifecycle.FAILED, "eval-service at " + eval.base() + " did not finish evaluating within "
                    + config.eval().timeout());
            return;
        }
        timer.schedule(() -> poll(w, tracker, since, deadline), config.eval().pollInterval().toMillis(), TimeUnit.MILLISECONDS);
    }

    private void finish(Consumer<RunProgress> onChange, RunProgress tracker, long since, RunLifecycle state, String message) {
        if (!tracker.transition(RunLifecycle.EVALUATING, state, message)) {
            return; // cancelled meanwhile: the cancel stands
        }
        tracker.timed(RunProgress.TimedPhase.EVAL, since);
        if (tracker.startedNanos() != 0) {
            tracker.total((System.nanoTime() - tracker.startedNanos()) / 1_000_000);
        }
        onChange.accept(tracker);
    }

    @PreDestroy
    void close() {
        timer.shutdownNow();
    }
}
