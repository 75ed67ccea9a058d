package io.clirbench.eval.rest;

import io.quarkus.logging.Log;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.LinkedHashMap;
import java.util.Map;

/** The one exception mapper: every REST error as RFC 9457 application/problem+json, never a stack trace. */
@Provider
public class ProblemMapper implements ExceptionMapper<Exception> {

    public static final String PROBLEM_JSON = "application/problem+json";

    @Context
    UriInfo uri;

    @Override
    public Response toResponse(Exception exception) {
        int status;
        String title;
        String detail;
        if (exception instanceof ApiException problem) {
            status = problem.status();
            title = problem.title();
            detail = problem.getMessage();
        } else if (exception instanceof WebApplicationException web) {
            status = web.getResponse().getStatus();
            title = web.getResponse().getStatusInfo().getReasonPhrase();
            detail = exception.getMessage();
        } else {
            Log.errorf(exception, "request %s failed", uri == null ? "?" : uri.getPath());
            status = 500;
            title = "Internal Server Error";
            detail = "internal error: " + exception.getClass().getSimpleName();
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", "about:blank");
        body.put("title", title);
        body.put("status", status);
        body.put("detail", detail);
        if (uri != null) {
            body.put("instance", uri.getPath());
        }
        return Response.status(status).type(PROBLEM_JSON).entity(body).build();
    }
}
