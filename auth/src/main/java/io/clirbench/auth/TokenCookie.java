package io.clirbench.auth;

/** The browser's copy of the token: set by the gateway's sign-in, {@code HttpOnly} and {@code SameSite=Strict}. */
public final class TokenCookie {

    /** The cookie's name. */
    public static final String NAME = "clirbench_token";

    private TokenCookie() {
    }
}
