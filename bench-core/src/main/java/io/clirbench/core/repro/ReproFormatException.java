package io.clirbench.core.repro;

/** A reproduction file that cannot be used; the message names the file and the field. */
public class ReproFormatException extends RuntimeException {

    public ReproFormatException(String message) {
        super(message);
    }
}
