package io.clirbench.gateway.run;

/** Where runs of one kind are looked up: one run (live or stored) and pages of them, newest first. */
public interface RunDirectory {

    /** The run now (live progress while it runs); refused as not found when there is none. */
    RunSnapshot get(String id);

    /** One page of runs, newest first (live runs as they are now); {@code total} counts every run. */
    RunPage list(int limit, int offset);
}
