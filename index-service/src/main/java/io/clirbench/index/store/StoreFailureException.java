package io.clirbench.index.store;

/** Thrown when a store cannot read or write its data (corrupt file, unreachable server); the message names the offending value. */
public class StoreFailureException extends RuntimeException {

    public StoreFailureException(String message) {
        super(message);
    }

    public StoreFailureException(String message, Throwable cause) {
        super(message, cause);
    }
}
