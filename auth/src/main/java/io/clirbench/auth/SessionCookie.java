package io.clirbench.auth;

/**
 * The browser's sign-in cookie: a session id the gateway's sign-in made ({@link SessionLookup}), never a token, so
 * signing out (which deletes the session on the server) revokes every copy of it. {@code HttpOnly},
 * {@code SameSite=Strict}, and it expires with its session.
 */
public final class SessionCookie {

    /** The cookie's name (the old {@code clirbench_token} cookie held the token itself and is no longer read). */
    public static final String NAME = "clirbench_session";

    private SessionCookie() {
    }
}
