package io.clirbench.cli.stack;

import io.clirbench.cli.StackOptions;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

/** {@code bench restart SERVICE}: one service of the recorded local stack stopped (if running) and started again. */
@Command(name = "restart", mixinStandardHelpOptions = true,
        description = {"Restarts one service of the local stack bench up started.",
                "SERVICE is kafka, index, eval, gateway or embedder-MODEL (embedder-MODEL-2, ... for further replicas). "
                + "A running one is stopped gracefully (SIGTERM, SIGKILL after 20 s), a dead one just started; same command "
                + "line, its log appended to; waits until it is ready and records the new process in stack.json."})
public final class RestartCommand implements Callable<Integer> {

    @Mixin
    StackOptions stack;

    @Parameters(index = "0", paramLabel = "SERVICE", description = "The service's name as bench up printed it (stack.json).")
    String service;

    @Override
    public Integer call() {
        var file = stack.stateDir().resolve("stack.json");
        StackState state = StackState.read(file)
                .orElseThrow(() -> new StackException("no local stack recorded in " + stack.stateDir() + ": start one with bench up"));
        long t0 = System.nanoTime();
        StackState updated = new LocalStack(stack.config(List.of()), System.err).restart(state, service);
        StackState.Entry entry = updated.processes().stream().filter(e -> e.name().equals(service)).findFirst().orElseThrow();
        System.err.printf(java.util.Locale.ROOT, "%s restarted (pid %d, port %d) and ready in %.1f s; log %s%n", service,
                entry.pid(), entry.port(), (System.nanoTime() - t0) / 1e9, entry.log());
        return 0;
    }
}
