package io.clirbench.cli.gateway;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The bearer token the CLI sends to the gateway: {@code --token}, else the environment's {@code CLIRBENCH_TOKEN},
 * else the runner token {@code bench up} wrote to the local stack's {@code <state-dir>/secrets.env}
 * ({@code CLIRBENCH_RUNNER_TOKEN=...}). Empty when none is found: the gateway then answers 401, which
 * {@link #UNAUTHORIZED_HINT} explains.
 */
public final class GatewayToken {

    /** The environment variable with the token. */
    public static final String ENV = "CLIRBENCH_TOKEN";
    /** The local stack's secrets, in its state directory. */
    public static final String SECRETS_FILE = "secrets.env";
    /** The key of the runner token in {@link #SECRETS_FILE}. */
    public static final String RUNNER_KEY = "CLIRBENCH_RUNNER_TOKEN";
    /** What a 401 from the gateway means for a CLI user. */
    public static final String UNAUTHORIZED_HINT = "no token / wrong token: set CLIRBENCH_TOKEN or run bench up";

    private GatewayToken() {
    }

    /** The token from the option, else {@code env}, else the stack's secrets file; empty when none is set. */
    public static Optional<String> resolve(String option, Map<String, String> env, Path stateDir) {
        if (option != null && !option.isBlank()) {
            return Optional.of(option.strip());
        }
        String fromEnv = env.get(ENV);
        if (fromEnv != null && !fromEnv.isBlank()) {
            return Optional.of(fromEnv.strip());
        }
        return stateDir == null ? Optional.empty() : runnerToken(stateDir.resolve(SECRETS_FILE));
    }

    /** The runner token of a secrets file; empty when there is none. */
    public static Optional<String> runnerToken(Path secrets) {
        return secret(secrets, RUNNER_KEY);
    }

    /** The value of {@code key} in a secrets file ({@code KEY=VALUE} lines, {@code #} comments); empty when unset. */
    public static Optional<String> secret(Path secrets, String key) {
        if (!Files.isRegularFile(secrets)) {
            return Optional.empty();
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(secrets, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the stack's tokens in " + secrets + ": " + e.getMessage(), e);
        }
        return lines.stream().map(String::strip).filter(l -> l.startsWith(key + "="))
                .map(l -> l.substring(key.length() + 1).strip()).filter(v -> !v.isEmpty()).findFirst();
    }
}
