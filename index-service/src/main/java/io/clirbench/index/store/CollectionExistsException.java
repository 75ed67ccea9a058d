package io.clirbench.index.store;

/** Thrown when a collection is created twice; the message names the offending value. */
public class CollectionExistsException extends RuntimeException {

    public CollectionExistsException(String message) {
        super(message);
    }

    public CollectionExistsException(String message, Throwable cause) {
        super(message, cause);
    }
}
