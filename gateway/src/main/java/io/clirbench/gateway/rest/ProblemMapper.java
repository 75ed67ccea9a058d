package io.clirbench.gateway.rest;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.gateway.error.RequestRejectedException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * The one exception mapper: every error becomes RFC 9457 {@code application/problem+json}, never a stack trace.
 * Domain failures ({@link RequestRejectedException}, bench-core's {@link DatasetFormatException}) get their
 * HTTP status here and only here; {@link ApiException} is for errors the resources raise themselves.
 */
@Provider
public class ProblemMapper implements ExceptionMapper<Throwable> {

    public static final String PROBLEM_JSON = "application/problem+json";
    private static final Logger LOG = Logger.getLogger(ProblemMapper.class);

    @Override
    public Response toResponse(Throwable e) {
        if (e instanceof ApiException api) {
            return problem(api.status(), api.title(), api.getMessage(), api.errors());
        }
        if (e instanceof RequestRejectedException rejected) {
            return problem(status(rejected.reason()), title(rejected.reason()), rejected.getMessage(), rejected.fields()
                    .stream().map(f -> new ApiException.FieldError(f.field(), f.value(), f.message())).toList());
        }
        if (e instanceof DatasetFormatException bad) {
            return problem(400, "Invalid dataset", bad.getMessage(), bad.problems().stream()
                    .map(p -> new ApiException.FieldError(p.file() + (p.line() > 0 ? ":" + p.line() : ""), null, p.message()))
                    .toList());
        }
        if (e instanceof WebApplicationException web) {
            int status = web.getResponse().getStatus();
            return problem(status, web.getResponse().getStatusInfo().getReasonPhrase(), web.getMessage(), List.of());
        }
        LOG.error("request failed", e);
        return problem(500, "Internal Server Error", e.getClass().getSimpleName() + ": " + e.getMessage(), List.of());
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
