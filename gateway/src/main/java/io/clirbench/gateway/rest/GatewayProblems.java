package io.clirbench.gateway.rest;

import io.clirbench.core.dataset.DatasetFormatException;
import io.clirbench.gateway.dataset.DatasetRoots;
import io.clirbench.gateway.error.RequestRejectedException;
import io.clirbench.service.rest.ApiException;
import io.clirbench.service.rest.DomainProblems;
import io.clirbench.service.rest.Problem;
import io.clirbench.service.rest.ProblemMapper;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;

/**
 * The gateway's own failures for service-common's {@link ProblemMapper}: a {@link RequestRejectedException} gets its
 * HTTP status here and only here, bench-core's {@link DatasetFormatException} is a 400 listing file:line problems;
 * a path under a dataset root is shown relative to it.
 */
@ApplicationScoped
public class GatewayProblems implements DomainProblems {

    private final DatasetRoots roots;

    GatewayProblems(DatasetRoots roots) {
        this.roots = roots;
    }

    @Override
    public Optional<Problem> problem(Throwable e) {
        if (e instanceof RequestRejectedException rejected) {
            return Optional.of(new Problem(status(rejected.reason()), title(rejected.reason()), roots.hide(rejected.getMessage()),
                    rejected.fields().stream().map(f -> new ApiException.FieldError(f.field(), f.value(), roots.hide(f.message())))
                            .toList()));
        }
        if (e instanceof DatasetFormatException bad) {
            // the first FIELD_ERRORS problems as fields (the detail counts them all): a body of bounded size (issue 45)
            return Optional.of(new Problem(400, "Invalid dataset", roots.hide(bad.getMessage()), bad.problems().stream()
                    .limit(FIELD_ERRORS)
                    .map(p -> new ApiException.FieldError(roots.hide(p.file()) + (p.line() > 0 ? ":" + p.line() : ""), null,
                            roots.hide(p.message())))
                    .toList()));
        }
        return Optional.empty();
    }

    /** Problems of an invalid dataset listed as field errors in the response; the detail says how many there are. */
    static final int FIELD_ERRORS = 100;

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
}
