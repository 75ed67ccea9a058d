package io.clirbench.gateway.run;

/** Lifecycle of a run (README "Runs"). */
public enum RunLifecycle {
    QUEUED, RUNNING, EVALUATING, COMPLETED, FAILED, CANCELLED, INTERRUPTED;

    public boolean terminal() {
        return this == COMPLETED || this == FAILED || this == CANCELLED || this == INTERRUPTED;
    }
}
