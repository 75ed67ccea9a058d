package io.clirbench.eval.rest;

/** A REST error with its HTTP status, rendered as application/problem+json by {@link ProblemMapper}. */
public class ApiProblem extends RuntimeException {

    private final int status;
    private final String title;

    public ApiProblem(int status, String title, String detail) {
        super(detail);
        this.status = status;
        this.title = title;
    }

    public static ApiProblem notFound(String detail) {
        return new ApiProblem(404, "Not Found", detail);
    }

    public static ApiProblem badRequest(String detail) {
        return new ApiProblem(400, "Bad Request", detail);
    }

    public int status() {
        return status;
    }

    public String title() {
        return title;
    }
}
