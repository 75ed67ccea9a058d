package io.clirbench.gateway.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.core.io.FailureMessage;
import io.clirbench.gateway.dataset.DatasetRoots;
import io.clirbench.core.io.JsonProblem;
import io.clirbench.gateway.error.RequestRejectedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * The one exception mapper: every error becomes RFC 9457 {@code application/problem+json}, never
 * an empty body, a server path or a stack trace. Domain failures ({@link RequestRejectedException},
 * bench-core's {@link DatasetFormatException}) get their HTTP status here and only here;
 * {@link ApiException} is for errors the resources raise themselves. Jackson's failures (wrong
 * types, unknown or repeated fields, malformed JSON; {@link JsonProblem}) and every RESTEasy
 * Reactive {@link WebApplicationException} (not found, method not allowed, unsupported media
 * type...) take the same path: the framework's own mappers, which answer with an empty body, are
 * outranked by the more specific methods here. Anything else is a 500 whose detail is only an
 * error id; the trace goes to the log under that id.
 */
public class ProblemMapper {

    public static final String PROBLEM_JSON = "application/problem+json";
    private static final Logger LOG = Logger.getLogger(ProblemMapper.class);

    private final DatasetRoots roots;

    ProblemMapper(DatasetRoots roots) {
        this.roots = roots;
    }

    /** Outranks quarkus-rest-jackson's DefaultMismatchedInputException (an empty 400). */
    @ServerExceptionMapper
    public Response mismatchedInput(MismatchedInputException e) {
        return toResponse(e);
    }

    @ServerExceptionMapper
    public Response json(JsonProcessingException e) {
        return toResponse(e);
    }

    @ServerExceptionMapper
    public Response web(WebApplicationException e) {
        return toResponse(e);
    }

    @ServerExceptionMapper
    public Response any(Throwable e) {
        return toResponse(e);
    }

    /** The problem answer of any failure; a path under a dataset root is shown relative to it. */
    public Response toResponse(Throwable e) {
        if (e instanceof ApiException api) {
            return problem(api.status(), api.title(), api.getMessage(), api.errors());
        }
        if (e instanceof RequestRejectedException rejected) {
            return problem(status(rejected.reason()), title(rejected.reason()), roots.hide(rejected.getMessage()), rejected
                    .fields().stream().map(f -> new ApiException.FieldError(f.field(), f.value(), roots.hide(f.message())))
                    .toList());
        }
        if (e instanceof DatasetFormatException bad) {
            return problem(400, "Invalid dataset", roots.hide(bad.getMessage()), bad.problems().stream()
                    .map(p -> new ApiException.FieldError(roots.hide(p.file()) + (p.line() > 0 ? ":" + p.line() : ""), null,
                            roots.hide(p.message())))
                    .toList());
        }
        if (e instanceof JsonProcessingException json) {
            return badJson(json);
        }
        if (e instanceof WebApplicationException web) {
            if (web.getCause() instanceof JsonProcessingException json) {
                return badJson(json);
            }
            int status = web.getResponse().getStatus();
            if (status >= 500) {
                return internal(e);
            }
            String reason = web.getResponse().getStatusInfo().getReasonPhrase();
            return problem(status, reason, FailureMessage.clean(web.getMessage() == null ? reason : web.getMessage()), List.of());
        }
        return internal(e);
    }

    private static Response badJson(JsonProcessingException e) {
        JsonProblem p = JsonProblem.of(e);
        return problem(400, "Bad Request", "invalid JSON body: " + p.field() + ": " + p.problem(),
                List.of(new ApiException.FieldError(p.field(), null, p.problem())));
    }

    private static Response internal(Throwable e) {
        String id = UUID.randomUUID().toString();
        LOG.errorf(e, "request failed (error id %s)", id);
        return problem(500, "Internal Server Error", "internal error " + id + " (" + e.getClass().getSimpleName()
                + "); the gateway's log has the details", List.of());
    }

    static int status(RequestRejectedException.Reason reason) {
        return switch (reason) {
            case INVALID -> 400;
            case NOT_FOUND -> 404;
            case CONFLICT -> 409;
            case TOO_LARGE -> 413;
        };
    }

    static String title(RequestRejectedException.Reason reason) {
        return switch (reason) {
            case INVALID -> "Bad Request";
            case NOT_FOUND -> "Not Found";
            case CONFLICT -> "Conflict";
            case TOO_LARGE -> "Content Too Large";
        };
    }

    public static Response problem(int status, String title, String detail, List<ApiException.FieldError> errors) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", "about:blank");
        body.put("title", title);
        body.put("status", status);
        body.put("detail", detail);
        if (!errors.isEmpty()) {
            body.put("errors", errors);
        }
        return Response.status(status).type(PROBLEM_JSON).entity(body).build();
    }
}
