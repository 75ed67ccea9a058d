package io.clirbench.service.store;

/** A database failure (not a bad input): for the eval-service, the event is not acknowledged and will be redelivered. */
public class DatabaseException extends RuntimeException {

    public DatabaseException(String message, Throwable cause) {
        super(message, cause);
    }
}
