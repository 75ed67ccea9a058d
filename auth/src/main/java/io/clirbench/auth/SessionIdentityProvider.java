package io.clirbench.auth;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.util.Optional;

/**
 * Turns a session id into the identity of the token that signed the session in (principal {@code runner} or
 * {@code reader}, its roles; no token credential: a session cannot open another session). Without a
 * {@link SessionLookup} bean (a service with no sign-in), or for an unknown, expired or closed session: 401.
 */
@ApplicationScoped
public class SessionIdentityProvider implements IdentityProvider<SessionAuthenticationRequest> {

    private final Instance<SessionLookup> sessions;

    SessionIdentityProvider(Instance<SessionLookup> sessions) {
        this.sessions = sessions;
    }

    @Override
    public Class<SessionAuthenticationRequest> getRequestType() {
        return SessionAuthenticationRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(SessionAuthenticationRequest request, AuthenticationRequestContext context) {
        if (!sessions.isResolvable()) {
            return Uni.createFrom().failure(new AuthenticationFailedException("this service takes no sign-in cookie"));
        }
        return context.runBlocking(() -> {
            Optional<String> holder = sessions.get().holderOf(request.sessionId());
            if (holder.isEmpty() || TokenRoles.rolesOf(holder.get()).isEmpty()) {
                throw new AuthenticationFailedException("no live session");
            }
            return QuarkusSecurityIdentity.builder().setPrincipal(new QuarkusPrincipal(holder.get()))
                    .addRoles(TokenRoles.rolesOf(holder.get())).build();
        });
    }
}
