package io.clirbench.cli.construct;

/** Exit codes of the build commands beyond 0 (done) and 1 (bad input). */
public final class BuildExit {

    /** The budget is spent or the endpoint is gone: the build stopped cleanly; the same command resumes it. */
    public static final int STOPPED = 3;

    private BuildExit() {
    }
}
