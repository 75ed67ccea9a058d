package io.clirbench.auth;

import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.identity.AuthenticationRequestContext;
import io.quarkus.security.identity.IdentityProvider;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;
import io.quarkus.security.runtime.QuarkusPrincipal;
import io.quarkus.security.runtime.QuarkusSecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** Turns a presented token into an identity: principal {@code runner}, {@code reader} or {@code service}, with its roles. */
@ApplicationScoped
public class TokenIdentityProvider implements IdentityProvider<TokenAuthenticationRequest> {

    private final AuthSettings settings;

    TokenIdentityProvider(AuthSettings settings) {
        this.settings = settings;
    }

    @Override
    public Class<TokenAuthenticationRequest> getRequestType() {
        return TokenAuthenticationRequest.class;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(TokenAuthenticationRequest request, AuthenticationRequestContext context) {
        return settings.tokens().holderOf(request.getToken().getToken())
                .<Uni<SecurityIdentity>>map(holder -> Uni.createFrom().item(QuarkusSecurityIdentity.builder()
                        .setPrincipal(new QuarkusPrincipal(holder.name())).addRoles(holder.roles())
                        .addCredential(request.getToken()).build()))
                .orElseGet(() -> Uni.createFrom().failure(new AuthenticationFailedException("unknown token")));
    }
}
