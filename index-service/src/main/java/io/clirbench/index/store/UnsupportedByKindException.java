package io.clirbench.index.store;

/** Thrown when an operation is not supported by the collection's index kind; the message names the offending value. */
public class UnsupportedByKindException extends RuntimeException {

    public UnsupportedByKindException(String message) {
        super(message);
    }

    public UnsupportedByKindException(String message, Throwable cause) {
        super(message, cause);
    }
}
