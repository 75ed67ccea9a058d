package io.clirbench.gateway.store;

/** A database operation failed; the message names the operation. */
public class StoreException extends RuntimeException {

    public StoreException(String message, Exception cause) {
        super(message + ": " + cause.getMessage(), cause);
    }
}
