package io.clirbench.cli.gateway;

/** The gateway cannot be reached, refused a request, or a run did not end as asked; the message says which. */
public class GatewayException extends RuntimeException {

    private final int status;

    public GatewayException(String message) {
        this(message, 0);
    }

    /** The gateway answered with this HTTP status (0: no answer). */
    public GatewayException(String message, int status) {
        super(message);
        this.status = status;
    }

    public GatewayException(String message, Throwable cause) {
        super(message, cause);
        this.status = 0;
    }

    /** The HTTP status the gateway answered, or 0 when it did not answer. */
    public int status() {
        return status;
    }
}
