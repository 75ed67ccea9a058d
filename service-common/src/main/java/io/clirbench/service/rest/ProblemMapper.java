package io.clirbench.service.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import io.clirbench.core.io.FailureMessage;
import io.clirbench.core.io.JsonProblem;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * The one exception mapper of the gateway and the eval-service: every error becomes RFC 9457
 * {@code application/problem+json}, never an empty body, a server path or a stack trace. {@link ApiException} is for
 * errors the resources raise themselves; a service's own failures get their status from its {@link DomainProblems}
 * bean (the gateway's). Jackson's failures (wrong types, unknown or repeated fields, malformed JSON;
 * {@link JsonProblem}) and every RESTEasy Reactive {@link WebApplicationException} (not found, method not allowed,
 * unsupported media type...) take the same path: the framework's own mappers, which answer with an empty body, are
 * outranked by the more specific methods here. Anything else is a 500 whose detail is only an error id and which
 * service's log has the trace ({@code quarkus.application.name}); the trace goes to that log under the id.
 *
 * <p>{@code clirbench.problems.instance=true} (the eval-service) adds RFC 9457's {@code instance}: the request path.
 */
public class ProblemMapper {

    public static final String PROBLEM_JSON = "application/problem+json";
    private static final Logger LOG = Logger.getLogger(ProblemMapper.class);

    private final Iterable<DomainProblems> domains;
    private final String service;
    private final boolean instance;

    @Inject
    ProblemMapper(Instance<DomainProblems> domains, @ConfigProperty(name = "quarkus.application.name") String service,
                  @ConfigProperty(name = "clirbench.problems.instance", defaultValue = "false") boolean instance) {
        this((Iterable<DomainProblems>) domains, service, instance);
    }

    private ProblemMapper(Iterable<DomainProblems> domains, String service, boolean instance) {
        this.domains = domains;
        this.service = service;
        this.instance = instance;
    }

    /** A mapper outside CDI (tests): these domain mappings, the service named in a 500, with or without {@code instance}. */
    public static ProblemMapper of(List<DomainProblems> domains, String service, boolean instance) {
        return new ProblemMapper(List.copyOf(domains), service, instance);
    }

    /** Outranks quarkus-rest-jackson's DefaultMismatchedInputException (an empty 400). */
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

    /** The problem answer of any failure of a request to {@code uri} (null when unknown). */
    public Response toResponse(Throwable failure, UriInfo uri) {
        Throwable e = failure instanceof WebApplicationException && failure.getCause() instanceof JsonProcessingException json
                ? json : failure;
        String path = instance && uri != null ? uri.getPath() : null;
        if (e instanceof ApiException api) {
            return problem(new Problem(api.status(), api.title(), api.getMessage(), api.errors()), path);
        }
        for (DomainProblems d : domains) {
            Optional<Problem> domain = d.problem(e);
            if (domain.isPresent()) {
                return problem(domain.get(), path);
            }
        }
        if (e instanceof JsonProcessingException json) {
            JsonProblem p = JsonProblem.of(json);
            return problem(new Problem(400, "Bad Request", "invalid JSON body: " + p.field() + ": " + p.problem(),
                    List.of(new ApiException.FieldError(p.field(), null, p.problem()))), path);
        }
        if (e instanceof WebApplicationException web && web.getResponse().getStatus() < 500) {
            int status = web.getResponse().getStatus();
            String reason = web.getResponse().getStatusInfo().getReasonPhrase();
            return problem(new Problem(status, reason, FailureMessage.clean(web.getMessage() == null ? reason : web.getMessage()),
                    List.of()), path);
        }
        String id = UUID.randomUUID().toString();
        LOG.errorf(e, "request %s failed (error id %s)", uri == null ? "?" : uri.getPath(), id);
        return problem(new Problem(500, "Internal Server Error", "internal error " + id + " (" + e.getClass().getSimpleName()
                + "); the " + service + "'s log has the details", List.of()), path);
    }

    /** A problem answer without {@code instance}. */
    public static Response problem(int status, String title, String detail, List<ApiException.FieldError> errors) {
        return problem(new Problem(status, title, detail, errors), null);
    }

    private static Response problem(Problem p, String instancePath) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", "about:blank");
        body.put("title", p.title());
        body.put("status", p.status());
        body.put("detail", p.detail());
        if (instancePath != null) {
            body.put("instance", instancePath);
        }
        if (!p.errors().isEmpty()) {
            body.put("errors", p.errors());
        }
        return Response.status(p.status()).type(PROBLEM_JSON).entity(body).build();
    }
}
