package io.clirbench.auth;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The security contract's settings, the same names in every service: the three tokens
 * ({@code clirbench.auth.runner-token}, {@code reader-token}, {@code service-token}, from the environment variables
 * {@code CLIRBENCH_*_TOKEN}) and the names the {@code Host} header may carry ({@code clirbench.http.allowed-hosts}).
 */
@ApplicationScoped
public class AuthSettings {

    private final TokenRoles tokens;
    private final RequestGuard guard;
    private final Optional<String> signInPath;

    AuthSettings(@ConfigProperty(name = "clirbench.auth.runner-token") Optional<String> runner,
                 @ConfigProperty(name = "clirbench.auth.reader-token") Optional<String> reader,
                 @ConfigProperty(name = "clirbench.auth.service-token") Optional<String> service,
                 @ConfigProperty(name = "clirbench.http.allowed-hosts", defaultValue = AllowedHosts.LOOPBACK) String hosts,
                 @ConfigProperty(name = "clirbench.auth.sign-in-path") Optional<String> signInPath) {
        this.signInPath = signInPath.filter(p -> p.startsWith("/"));
        // unset or empty (the properties say ${CLIRBENCH_RUNNER_TOKEN:}) is no token: fail closed
        this.tokens = TokenRoles.of(runner.orElse(""), reader.orElse(""), service.orElse(""));
        this.guard = new RequestGuard(AllowedHosts.parse(hosts));
    }

    public TokenRoles tokens() {
        return tokens;
    }

    public RequestGuard guard() {
        return guard;
    }

    /** Where browsers sign in ({@code clirbench.auth.sign-in-path}, the gateway's {@code /sign-in}); empty: no page. */
    public Optional<String> signInPath() {
        return signInPath;
    }
}
