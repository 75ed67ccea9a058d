package io.clirbench.gateway.run;

import io.clirbench.gateway.client.EncoderWaits;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.function.Consumer;

/**
 * Puts "waiting for an encoder" in a running run's message while a model it embeds with has no answering
 * replica, and restores the message it had once one answers (README "Faults"). The API, the run page and
 * {@code bench run}'s follower show the message as it is. Retrieval and QA runs alike.
 */
public final class EncoderWaitNotice implements EncoderWaits.Listener {

    /** How every such message starts. */
    static final String PREFIX = "waiting for an encoder";

    private final RunProgress run;
    private final Consumer<RunProgress> save;
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
    public synchronized void resumed(String modelId) {
        if (waiting) {
            waiting = false;
            run.state(RunLifecycle.RUNNING, before);
            save.accept(run);
        }
    }
}
