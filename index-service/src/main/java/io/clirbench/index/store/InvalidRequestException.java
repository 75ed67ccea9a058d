package io.clirbench.index.store;

/** Thrown when a request is malformed (dimension mismatch, N out of range, bad name); the message names the offending value. */
public class InvalidRequestException extends RuntimeException {

    public InvalidRequestException(String message) {
        super(message);
    }

    public InvalidRequestException(String message, Throwable cause) {
        super(message, cause);
    }
}
