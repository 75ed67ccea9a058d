package io.clirbench.cli;

import io.clirbench.cli.gateway.GatewayClient;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code --gateway URL} and {@code --token TOKEN} ({@link TokenOption}): which gateway a command talks to and with
 * what bearer token; without them the local stack's gateway and runner token ({@link StackOptions}).
 */
public final class GatewayOptions {

    @Option(names = "--gateway", paramLabel = "URL", description = "Gateway URL (default: the running local stack's).")
    public String url;

    @Mixin
    TokenOption tokenOption;

    /** {@code --gateway}, else the local stack's gateway URL. */
    public String url(StackOptions stack) {
        return url != null ? url : stack.gatewayUrl();
    }

    /** The token to send, or {@code null} when none is set (the gateway will answer 401). */
    public String token(StackOptions stack) {
        return tokenOption.resolve(stack);
    }

    /** A client of that gateway with that token. */
    public GatewayClient client(StackOptions stack) {
        return new GatewayClient(url(stack), token(stack));
    }
}
