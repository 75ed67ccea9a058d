package io.clirbench.cli;

import io.clirbench.cli.stack.StackConfig;
import io.clirbench.cli.stack.StackState;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** Where the local stack lives: the checkout ({@code ./bench} passes it) and the state directory. */
public final class StackOptions {

    @Option(names = "--state-dir", paramLabel = "DIR",
            description = "Logs, data and the PID file of the local stack (default: .bench in the checkout).")
    Path stateDir;

    public static Path home() {
        return Path.of(System.getProperty("bench.home", ".")).toAbsolutePath().normalize();
    }

    public Path stateDir() {
        return stateDir != null ? stateDir.toAbsolutePath().normalize() : home().resolve(".bench");
    }

    public StackConfig config(List<String> models) {
        return StackConfig.defaults(home(), stateDir(), models);
    }

    /** The gateway of the running stack, else the default port. */
    public String gatewayUrl() {
        return StackState.read(stateDir().resolve("stack.json")).map(StackState::gatewayUrl).orElse("http://127.0.0.1:8080");
    }
}
