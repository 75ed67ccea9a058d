package io.clirbench.eval.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.clirbench.core.io.FailureMessage;
import io.clirbench.core.io.JsonProblem;
import io.quarkus.logging.Log;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * The one exception mapper: every REST error as RFC 9457 application/problem+json, never an empty
 * body, a server path or a stack trace. Jackson failures name the field ({@link JsonProblem}); the
 * framework's {@link WebApplicationException}s (not found, method not allowed, unsupported media
 * type...) keep their status; the framework's own mappers (an empty 400 for a mismatched input)
 * are outranked by the more specific methods here. Anything else is a 500 with only an error id.
 */
public class ProblemMapper {

    public static final String PROBLEM_JSON = "application/problem+json";

    @ServerExceptionMapper
    public Response mismatchedInput(MismatchedInputException e, UriInfo uri) {
        return toResponse(e, uri);
    }

    @ServerExceptionMapper
    public Response json(JsonProcessingException e, UriInfo uri) {
        return toResponse(e, uri);
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e, UriInfo uri) {
        return toResponse(e, uri);
    }

    @ServerExceptionMapper
    public Response any(Throwable e, UriInfo uri) {
        return toResponse(e, uri);
    }

    static Response toResponse(Throwable exception, UriInfo uri) {
        Throwable e = exception instanceof WebApplicationException && exception.getCause() instanceof JsonProcessingException json
                ? json : exception;
        if (e instanceof ApiException problem) {
            return problem(problem.status(), problem.title(), problem.getMessage(), List.of(), uri);
        }
        if (e instanceof JsonProcessingException json) {
            JsonProblem p = JsonProblem.of(json);
            return problem(400, "Bad Request", "invalid JSON body: " + p.field() + ": " + p.problem(),
                    List.of(Map.of("field", p.field(), "message", p.problem())), uri);
        }
        if (e instanceof WebApplicationException web && web.getResponse().getStatus() < 500) {
            String reason = web.getResponse().getStatusInfo().getReasonPhrase();
            return problem(web.getResponse().getStatus(), reason,
                    FailureMessage.clean(web.getMessage() == null ? reason : web.getMessage()), List.of(), uri);
        }
        String id = UUID.randomUUID().toString();
        Log.errorf(e, "request %s failed (error id %s)", uri == null ? "?" : uri.getPath(), id);
        return problem(500, "Internal Server Error", "internal error " + id + " (" + e.getClass().getSimpleName()
                + "); the eval-service's log has the details", List.of(), uri);
    }

    private static Response problem(int status, String title, String detail, List<Map<String, String>> errors, UriInfo uri) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", "about:blank");
        body.put("title", title);
        body.put("status", status);
        body.put("detail", detail);
        if (uri != null) {
            body.put("instance", uri.getPath());
        }
        if (!errors.isEmpty()) {
            body.put("errors", errors);
        }
        return Response.status(status).type(PROBLEM_JSON).entity(body).build();
    }
}
