package io.clirbench.auth;

import io.quarkus.security.credential.TokenCredential;
import io.quarkus.security.identity.IdentityProviderManager;
import io.quarkus.security.identity.SecurityIdentity;
import io.quarkus.security.identity.request.AuthenticationRequest;
import io.quarkus.security.identity.request.TokenAuthenticationRequest;
import io.quarkus.vertx.http.runtime.security.ChallengeData;
import io.quarkus.vertx.http.runtime.security.HttpAuthenticationMechanism;
import io.quarkus.vertx.http.runtime.security.HttpCredentialTransport;
import io.quarkus.vertx.http.runtime.security.HttpSecurityUtils;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.Cookie;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Set;

/**
 * Quarkus HTTP authentication by bearer token: {@code Authorization: Bearer TOKEN} ({@link TokenIdentityProvider}),
 * else (browsers, after the gateway's sign-in) the session id of the {@link SessionCookie}
 * ({@link SessionIdentityProvider}: a server-side session, revoked at sign-out); a request with neither
 * is anonymous, and the path permissions of the service's {@code application.properties} ({@code
 * quarkus.http.auth.permission.*}) refuse it everywhere but health. The challenge is a 401 problem+json with
 * {@code WWW-Authenticate: Bearer}.
 *
 * <p>Why our own mechanism rather than Quarkus' properties/JWT support: the tokens are opaque random strings that
 * {@code bench up} generates (no signing key to manage, no expiry to refresh for a local tool), one per role, and
 * browsers present them as a cookie; Quarkus' embedded-properties realm reads only Basic credentials.
 */
@ApplicationScoped
public class BearerTokenMechanism implements HttpAuthenticationMechanism {

    static final String SCHEME = "Bearer";

    private final AuthSettings settings;

    BearerTokenMechanism(AuthSettings settings) {
        this.settings = settings;
    }

    @Override
    public Uni<SecurityIdentity> authenticate(RoutingContext context, IdentityProviderManager identities) {
        String token = presentedToken(context);
        if (token != null) {
            TokenAuthenticationRequest request = new TokenAuthenticationRequest(new TokenCredential(token, "bearer"));
            return identities.authenticate(HttpSecurityUtils.setRoutingContextAttribute(request, context));
        }
        String session = presentedSession(context);
        if (session != null) {
            return identities.authenticate(HttpSecurityUtils.setRoutingContextAttribute(new SessionAuthenticationRequest(session), context));
        }
        return Uni.createFrom().nullItem();
    }

    /** The bearer token of the {@code Authorization} header; {@code null} when it has none. */
    static String presentedToken(RoutingContext context) {
        String header = context.request().getHeader("Authorization");
        if (header != null && header.regionMatches(true, 0, SCHEME + " ", 0, SCHEME.length() + 1)) {
            String token = header.substring(SCHEME.length() + 1).strip();
            return token.isEmpty() ? null : token;
        }
        return null;
    }

    /** The session id of the {@link SessionCookie}; {@code null} when there is none. */
    public static String presentedSession(RoutingContext context) {
        Cookie cookie = context.request().getCookie(SessionCookie.NAME);
        return cookie == null || cookie.getValue().isBlank() ? null : cookie.getValue();
    }

    @Override
    public Uni<ChallengeData> getChallenge(RoutingContext context) {
        return Uni.createFrom().item(new ChallengeData(401, "WWW-Authenticate", SCHEME + " realm=\"clirbench\""));
    }

    /**
     * The 401 with a body saying what to do (the default challenge has none): problem+json, or for a browser asking
     * for a page where the service has a sign-in page, a short HTML page that leads there and back.
     */
    @Override
    public Uni<Boolean> sendChallenge(RoutingContext context) {
        if (!context.response().ended()) {
            context.response().putHeader("WWW-Authenticate", SCHEME + " realm=\"clirbench\"");
            String accept = context.request().getHeader("Accept");
            if (settings.signInPath().isPresent() && accept != null && accept.contains("text/html")
                    && "GET".equals(context.request().method().name())) {
                String target = settings.signInPath().get() + "?next="
                        + URLEncoder.encode(context.request().uri(), StandardCharsets.UTF_8);
                context.response().setStatusCode(401).putHeader("Content-Type", "text/html; charset=utf-8")
                        .putHeader("Cache-Control", "no-store")
                        .end("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Sign in</title>"
                                + "<meta http-equiv=\"refresh\" content=\"0;url=" + target + "\"></head><body><p>Sign in first:"
                                + " <a href=\"" + target + "\">sign in</a>.</p></body></html>");
            } else {
                Problems.send(context, 401, "Unauthorized", "no token or a wrong token: send Authorization: Bearer TOKEN"
                        + " (set CLIRBENCH_TOKEN, or run bench up)" + settings.signInPath().map(p -> ", or sign in at " + p).orElse(""));
            }
        }
        return Uni.createFrom().item(true);
    }

    @Override
    public Set<Class<? extends AuthenticationRequest>> getCredentialTypes() {
        return Set.of(TokenAuthenticationRequest.class, SessionAuthenticationRequest.class);
    }

    @Override
    public Uni<HttpCredentialTransport> getCredentialTransport(RoutingContext context) {
        return Uni.createFrom().item(new HttpCredentialTransport(HttpCredentialTransport.Type.AUTHORIZATION, "bearer"));
    }
}
