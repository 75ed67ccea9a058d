package io.clirbench.index.store;

/** Thrown when a collection name is unknown; the message names the offending value. */
public class CollectionNotFoundException extends RuntimeException {

    public CollectionNotFoundException(String message) {
        super(message);
    }

    public CollectionNotFoundException(String message, Throwable cause) {
        super(message, cause);
    }
}
