package io.clirbench.gateway.run;

/** The runs of one kind as callers see them: one run (live or stored), pages of them newest first, cancel. */
public interface RunDirectory {

    /** The run now (live progress while it runs); refused as not found when there is none. */
    RunSnapshot get(String id);

    /** One page of runs, newest first (live runs as they are now); {@code total} counts every run. */
    RunPage list(int limit, int offset);

    /** Asks a QUEUED or RUNNING run to stop; a run in another state is a conflict. */
    RunSnapshot cancel(String id);
}
