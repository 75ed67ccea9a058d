package io.clirbench.auth;

/** Why a request is turned away before any resource sees it: an HTTP status, its title and a sentence for people. */
public record RequestRefusal(int status, String title, String detail) {

    static RequestRefusal badRequest(String detail) {
        return new RequestRefusal(400, "Bad Request", detail);
    }

    static RequestRefusal forbidden(String detail) {
        return new RequestRefusal(403, "Forbidden", detail);
    }

    static RequestRefusal unsupportedMediaType(String detail) {
        return new RequestRefusal(415, "Unsupported Media Type", detail);
    }

    static RequestRefusal misdirected(String detail) {
        return new RequestRefusal(421, "Misdirected Request", detail);
    }
}
