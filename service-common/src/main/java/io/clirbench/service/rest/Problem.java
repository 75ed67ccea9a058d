package io.clirbench.service.rest;

import java.util.List;

/** What a {@link DomainProblems} makes of a service's own failure: the status, title, detail and invalid fields. */
public record Problem(int status, String title, String detail, List<ApiException.FieldError> errors) {

    public Problem {
        errors = List.copyOf(errors);
    }
}
