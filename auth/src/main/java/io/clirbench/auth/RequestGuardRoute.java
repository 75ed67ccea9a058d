package io.clirbench.auth;

import io.quarkus.security.ForbiddenException;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Installs the {@link RequestGuard} on the HTTP router ahead of authentication and every resource, and turns the
 * security layer's bare 403 (an authenticated caller without the role a path needs) and Vert.x Web's 400 for a request
 * without a readable {@code Host} into problem+json.
 */
@ApplicationScoped
public class RequestGuardRoute {

    /** Before Quarkus' body handler and authentication (which run from {@code Integer.MIN_VALUE + 1} on). */
    static final int ORDER = Integer.MIN_VALUE;

    private final AuthSettings settings;

    RequestGuardRoute(AuthSettings settings) {
        this.settings = settings;
    }

    void install(@Observes Router router) {
        router.route().order(ORDER).handler(this::guard);
        router.route().order(ORDER).failureHandler(RequestGuardRoute::failed);
    }

    private void guard(RoutingContext context) {
        HttpServerRequest r = context.request();
        settings.guard().check(r.method().name(), r.path(), r.scheme(), host(r), r.getHeader("Origin"),
                        r.getHeader("Content-Type"), hasBody(r))
                .ifPresentOrElse(refusal -> Problems.send(context, refusal.status(), refusal.title(), refusal.detail()),
                        context::next);
    }

    /** Whether the request announces a body: {@code Content-Length} above 0, or a {@code Transfer-Encoding} (chunked). */
    static boolean hasBody(HttpServerRequest r) {
        String length = r.getHeader("Content-Length");
        return r.getHeader("Transfer-Encoding") != null || (length != null && !length.strip().equals("0"));
    }

    /** The {@code Host} header (empty, so malformed, when there are several), or over HTTP/2 (the JDK client upgrades cleartext requests: h2c) the {@code :authority}. */
    static String host(HttpServerRequest r) {
        if (r.headers().getAll("Host").size() > 1) {
            return ""; // RFC 9112 §3.2: more than one Host is a bad request (and which one counts is ambiguous)
        }
        String host = r.getHeader("Host");
        // HTTP/1.x without Host: authority() throws ("the 'Host' header is required"), the framework's JSON body
        if (host == null && r.version() == HttpVersion.HTTP_2 && r.authority() != null) {
            host = r.authority().toString();
        }
        return host;
    }

    private static void failed(RoutingContext context) {
        if (context.failure() instanceof ForbiddenException || (context.failure() == null && context.statusCode() == 403)) {
            Problems.send(context, 403, "Forbidden", "this token's role may not " + context.request().method().name() + " "
                    + context.request().path() + " (reader: reads; runner: everything; service: the eval-service)");
        } else if (context.statusCode() == 400 && AllowedHosts.hostName(host(context.request())).isEmpty()) {
            // Vert.x Web fails a request whose Host it cannot read (none on HTTP/1.1) before any route, even this guard:
            // the framework's body would follow (issue 28, finding 7)
            Problems.send(context, 400, "Bad Request", "the Host header is missing or malformed");
        } else {
            context.next();
        }
    }
}
