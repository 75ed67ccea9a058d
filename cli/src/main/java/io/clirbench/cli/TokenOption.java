package io.clirbench.cli;

import io.clirbench.cli.gateway.GatewayToken;
import picocli.CommandLine.Option;

/** {@code --token}: the gateway's bearer token (else {@code CLIRBENCH_TOKEN}, else the local stack's runner token). */
public final class TokenOption {

    @Option(names = "--token", paramLabel = "TOKEN",
            description = "Gateway bearer token (default: $CLIRBENCH_TOKEN, else the runner token in the stack's secrets.env).")
    String token;

    /** The token to send, or {@code null} when none is set (the gateway will answer 401). */
    public String resolve(StackOptions stack) {
        return GatewayToken.resolve(token, System.getenv(), stack.stateDir()).orElse(null);
    }
}
