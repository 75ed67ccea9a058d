package io.clirbench.auth;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The checks a request passes before authentication: its {@code Host} names this service (DNS rebinding), and a
 * state-changing request ({@code POST}, {@code PUT}, {@code PATCH}, {@code DELETE}) carries no form content type
 * (what an HTML form can send across sites without a CORS preflight) and no {@code Origin} other than this service's
 * own (cross-site request forgery). Health paths are exempt: probes call them by pod address.
 */
public final class RequestGuard {

    /** Content types an HTML form (or a "simple" cross-origin fetch) can send: refused on state-changing requests. */
    public static final Set<String> FORM_TYPES = Set.of("application/x-www-form-urlencoded", "multipart/form-data", "text/plain");
    /** Methods that change state. */
    public static final Set<String> STATE_CHANGING = Set.of("POST", "PUT", "PATCH", "DELETE");
    /** Paths left to the health checks (Kubernetes probes send the pod's address as {@code Host}). */
    public static final String HEALTH_PREFIX = "/q/health";

    private final AllowedHosts hosts;

    public RequestGuard(AllowedHosts hosts) {
        this.hosts = hosts;
    }

    /** As {@link #check(String, String, String, String, String, String, boolean)} for a request without a body. */
    public Optional<RequestRefusal> check(String method, String path, String scheme, String host, String origin,
                                          String contentType) {
        return check(method, path, scheme, host, origin, contentType, false);
    }

    /**
     * What is wrong with the request, or empty when it may go on to authentication. A state-changing request with a
     * body ({@code hasBody}: a {@code Content-Length} above 0 or a {@code Transfer-Encoding}) must name its
     * {@code Content-Type}: without one it is refused (415) before any resource guesses what the bytes are.
     */
    public Optional<RequestRefusal> check(String method, String path, String scheme, String host, String origin,
                                          String contentType, boolean hasBody) {
        if (path != null && (path.equals(HEALTH_PREFIX) || path.startsWith(HEALTH_PREFIX + "/"))) {
            return Optional.empty();
        }
        if (AllowedHosts.hostName(host).isEmpty()) {
            return Optional.of(RequestRefusal.badRequest("the Host header is missing or malformed"));
        }
        if (!hosts.allows(host)) {
            return Optional.of(RequestRefusal.misdirected("Host '" + cut(host) + "' is not one of this service's names ("
                    + hosts + "; set clirbench.http.allowed-hosts)"));
        }
        if (!STATE_CHANGING.contains(method.toUpperCase(Locale.ROOT))) {
            return Optional.empty();
        }
        String type = mediaType(contentType);
        if (hasBody && type.isEmpty()) {
            return Optional.of(RequestRefusal.unsupportedMediaType("a " + method + " request with a body needs a Content-Type"
                    + " header: send application/json (application/zip for dataset uploads)"));
        }
        if (FORM_TYPES.contains(type)) {
            return Optional.of(RequestRefusal.unsupportedMediaType("Content-Type '" + type + "' is refused on "
                    + method + " requests (form content types can be sent across sites); send application/json"));
        }
        if (origin != null && !sameOrigin(origin, scheme, host)) {
            return Optional.of(RequestRefusal.forbidden("Origin '" + cut(origin) + "' is not this service's own ("
                    + scheme + "://" + host + "): cross-origin " + method + " refused"));
        }
        return Optional.empty();
    }

    /** The media type of a Content-Type header, lower case, without parameters; empty when absent. */
    static String mediaType(String contentType) {
        if (contentType == null) {
            return "";
        }
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
    }

    /** Whether {@code origin} is {@code scheme://host} (default ports written or not). */
    static boolean sameOrigin(String origin, String scheme, String host) {
        String own = withoutDefaultPort(scheme.toLowerCase(Locale.ROOT) + "://" + host.strip().toLowerCase(Locale.ROOT));
        return withoutDefaultPort(origin.strip().toLowerCase(Locale.ROOT)).equals(own);
    }

    private static String withoutDefaultPort(String origin) {
        if (origin.startsWith("http://") && origin.endsWith(":80")) {
            return origin.substring(0, origin.length() - 3);
        }
        if (origin.startsWith("https://") && origin.endsWith(":443")) {
            return origin.substring(0, origin.length() - 4);
        }
        return origin;
    }

    /** A header value quoted in an error, cut to a short length. */
    private static String cut(String value) {
        String printable = value.replaceAll("[^\\x20-\\x7e]", "?");
        return printable.length() > 80 ? printable.substring(0, 80) + "…" : printable;
    }
}
