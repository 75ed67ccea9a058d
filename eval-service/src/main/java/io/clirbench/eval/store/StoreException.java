package io.clirbench.eval.store;

/** A database failure (not a bad event): the event is not acknowledged and will be redelivered. */
public class StoreException extends RuntimeException {

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
