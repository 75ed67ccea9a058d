package io.clirbench.eval.rest;

/** A REST error with its HTTP status, rendered as application/problem+json by {@link ProblemMapper}. */
public class ApiException extends RuntimeException {

    private final int status;
    private final String title;

    public ApiException(int status, String title, String detail) {
        super(detail);
        this.status = status;
        this.title = title;
    }

    public static ApiException notFound(String detail) {
        return new ApiException(404, "Not Found", detail);
    }

    public static ApiException badRequest(String detail) {
        return new ApiException(400, "Bad Request", detail);
    }

    public int status() {
        return status;
    }

    public String title() {
        return title;
    }
}
