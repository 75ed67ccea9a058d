package io.clirbench.cli.stack;

/** The local stack cannot start, stop or answer; the message says what and where to look. */
public class StackException extends RuntimeException {

    public StackException(String message) {
        super(message);
    }

    public StackException(String message, Throwable cause) {
        super(message, cause);
    }
}
