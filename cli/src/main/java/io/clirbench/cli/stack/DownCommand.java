package io.clirbench.cli.stack;

import io.clirbench.cli.StackOptions;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code bench down}: stops exactly the processes {@code bench up} recorded. */
@Command(name = "down", mixinStandardHelpOptions = true,
        description = "Stops the processes the last bench up started (by PID, checked against their start time).")
public final class DownCommand implements Callable<Integer> {

    @Mixin
    StackOptions stack;

    @Override
    public Integer call() {
        var state = StackState.read(stack.stateDir().resolve("stack.json"));
        if (state.isEmpty()) {
            System.err.println("no local stack recorded in " + stack.stateDir() + ": nothing to stop");
            return 0;
        }
        int stopped = new LocalStack(stack.config(List.of()), System.err).stop(state.get());
        System.err.println("stopped " + stopped + " of " + state.get().processes().size() + " processes");
        return 0;
    }
}
