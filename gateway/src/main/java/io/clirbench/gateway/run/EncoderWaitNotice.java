package io.clirbench.gateway.run;

import io.clirbench.gateway.client.EncoderWaits;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Puts "waiting for an encoder" in a running run's message while a model it embeds with has no answering
 * replica, and restores the message it had once one answers (README "Faults"). The API, the run page and
 * {@code bench run}'s follower show the message as it is. Retrieval and QA runs alike; one per run, which
 * remembers the models it waited out, so that the run's later retrievers on such a model do not wait again.
 */
public final class EncoderWaitNotice implements EncoderWaits.Listener {

    /** How every such message starts. */
    static final String PREFIX = "waiting for an encoder";

    private final RunProgress run;
    private final Consumer<RunProgress> save;
    private final Set<String> waitedOut = new HashSet<>();
    private String before;
    private boolean waiting;

    public EncoderWaitNotice(RunProgress run, Consumer<RunProgress> save) {
        this.run = run;
        this.save = save;
    }

    @Override
    public synchronized void waiting(String modelId, List<String> endpoints, Instant since) {
        if (!waiting) {
            before = run.snapshot().message();
            waiting = true;
        }
        run.state(RunLifecycle.RUNNING, PREFIX + ": no embedder of model '" + modelId + "' answers at " + endpoints
                + " since " + since.truncatedTo(ChronoUnit.SECONDS) + "; the run goes on when one does"
                + " (bench restart embedder-" + modelId + " on the local stack)");
        save.accept(run);
    }

    @Override
    public synchronized void waitedOut(String modelId) {
        waitedOut.add(modelId);
        waiting = false; // the wait is over: the retriever fails and the run's message says so
    }

    @Override
    public synchronized boolean hasWaitedOut(String modelId) {
        return waitedOut.contains(modelId);
    }

    @Override
    public synchronized void resumed(String modelId) {
        if (waiting) {
            waiting = false;
            run.state(RunLifecycle.RUNNING, before);
            save.accept(run);
        }
    }
}
