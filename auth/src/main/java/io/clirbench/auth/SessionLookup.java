package io.clirbench.auth;

import java.util.Optional;

/**
 * Server-side sign-in sessions, for a service that has a sign-in page (the gateway): who a session id of the
 * {@link SessionCookie} belongs to. A service without a bean of this type takes no cookie (only bearer tokens).
 */
public interface SessionLookup {

    /**
     * The holder ({@link TokenRoles#RUNNER} or {@link TokenRoles#READER}) of the live session {@code sessionId};
     * empty when there is none, it expired or was closed (signed out). May block (a database).
     */
    Optional<String> holderOf(String sessionId);
}
