package io.clirbench.auth;

import io.quarkus.security.identity.request.BaseAuthenticationRequest;

/** A request authenticated by the session id of its {@link SessionCookie} ({@link SessionIdentityProvider}). */
public final class SessionAuthenticationRequest extends BaseAuthenticationRequest {

    private final String sessionId;

    public SessionAuthenticationRequest(String sessionId) {
        this.sessionId = sessionId;
    }

    public String sessionId() {
        return sessionId;
    }
}
