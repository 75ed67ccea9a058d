package io.clirbench.auth;

import io.vertx.core.json.JsonObject;
import io.vertx.ext.web.RoutingContext;

/** RFC 9457 {@code application/problem+json} answers written straight to the Vert.x response (before any resource). */
public final class Problems {

    public static final String PROBLEM_JSON = "application/problem+json";

    private Problems() {
    }

    /** The problem document: type, title, status, detail (the shape the services' exception mappers use). */
    public static String body(int status, String title, String detail) {
        return new JsonObject().put("type", "about:blank").put("title", title).put("status", status).put("detail", detail)
                .encode();
    }

    /** Ends the response with the problem, unless it has already been ended. */
    public static void send(RoutingContext context, int status, String title, String detail) {
        if (context.response().ended()) {
            return;
        }
        context.response().setStatusCode(status).putHeader("Content-Type", PROBLEM_JSON)
                .putHeader("Cache-Control", "no-store").end(body(status, title, detail));
    }
}
