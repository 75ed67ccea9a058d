package io.clirbench.gateway.error;

import java.util.List;

/** A caller's request the gateway refuses; the message says why and names the value. */
public class RequestRejectedException extends RuntimeException {

    /** Why the request is refused. */
    public enum Reason {
        /** The request itself is wrong (see the fields). */
        INVALID,
        /** It names something that does not exist. */
        NOT_FOUND,
        /** It contradicts the current state (a run already finished, another version registered). */
        CONFLICT,
        /** It is over a configured size limit. */
        TOO_LARGE
    }

    private final Reason reason;
    private final List<InvalidField> fields;

    public RequestRejectedException(Reason reason, String detail, List<InvalidField> fields) {
        super(detail);
        this.reason = reason;
        this.fields = List.copyOf(fields);
    }

    public static RequestRejectedException invalid(String detail, List<InvalidField> fields) {
        return new RequestRejectedException(Reason.INVALID, detail, fields);
    }

    public static RequestRejectedException notFound(String detail) {
        return new RequestRejectedException(Reason.NOT_FOUND, detail, List.of());
    }

    public static RequestRejectedException conflict(String detail) {
        return new RequestRejectedException(Reason.CONFLICT, detail, List.of());
    }

    public static RequestRejectedException tooLarge(String detail) {
        return new RequestRejectedException(Reason.TOO_LARGE, detail, List.of());
    }

    public static RequestRejectedException tooLarge(String detail, List<InvalidField> fields) {
        return new RequestRejectedException(Reason.TOO_LARGE, detail, fields);
    }

    public Reason reason() {
        return reason;
    }

    public List<InvalidField> fields() {
        return fields;
    }
}
