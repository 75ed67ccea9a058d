package io.clirbench.encoders.remote;

/** A served endpoint that did not give vectors; the message names the endpoint (no credentials) and the last answer. */
public final class RemoteEndpointException extends RuntimeException {

    public RemoteEndpointException(String message) {
        super(message);
    }
}
