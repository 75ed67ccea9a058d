package io.clirbench.service.rest;

import java.util.List;

/** A client-facing error with its HTTP status, rendered as {@code application/problem+json} by {@link ProblemMapper}. */
public class ApiException extends RuntimeException {

    private final int status;
    private final String title;
    private final List<FieldError> errors;

    public ApiException(int status, String title, String detail) {
        this(status, title, detail, List.of());
    }

    public ApiException(int status, String title, String detail, List<FieldError> errors) {
        super(detail);
        this.status = status;
        this.title = title;
        this.errors = List.copyOf(errors);
    }

    public static ApiException badRequest(String detail) {
        return new ApiException(400, "Bad Request", detail);
    }

    public static ApiException badRequest(String detail, List<FieldError> errors) {
        return new ApiException(400, "Bad Request", detail, errors);
    }

    public static ApiException notFound(String detail) {
        return new ApiException(404, "Not Found", detail);
    }

    public static ApiException conflict(String detail) {
        return new ApiException(409, "Conflict", detail);
    }

    public int status() {
        return status;
    }

    public String title() {
        return title;
    }

    public List<FieldError> errors() {
        return errors;
    }

    /** One invalid field: its name, the value given and what is wrong. */
    public record FieldError(String field, String value, String message) {
    }
}
