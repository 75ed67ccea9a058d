package io.clirbench.gateway.run;

import io.quarkus.runtime.StartupEvent;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.event.Observes;

/**
 * What {@link RunService} (retrieval runs) and the QA runs' service share: their {@link RunLifecycleService},
 * started with the application, asked to recover after a restart, read as the {@link RunDirectory} of the REST
 * resources and pages, closed on shutdown. Each subclass adds its own {@code submit}.
 */
public abstract class RunIntake<R> {

    protected final RunLifecycleService<R> lifecycle;

    /** For the container's client proxy (an {@code @ApplicationScoped} subclass); never used to accept runs. */
    protected RunIntake() {
        this(null);
    }

    protected RunIntake(RunLifecycleService<R> lifecycle) {
        this.lifecycle = lifecycle;
    }

    protected void onStart(@Observes StartupEvent event) {
        lifecycle.start();
    }

    /** Resumes the runs no live gateway replica owns (after a restart: this one's); see {@link RunLifecycleService#recover()}. */
    public void recover() {
        lifecycle.recover();
    }

    /** Get, list and cancel, as the REST resources and pages see them. */
    public RunDirectory runs() {
        return lifecycle;
    }

    @PreDestroy
    protected void close() {
        lifecycle.close();
    }
}
