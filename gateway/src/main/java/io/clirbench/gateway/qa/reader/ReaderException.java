package io.clirbench.gateway.qa.reader;

/** The reader could not answer: the last status or failure and how many tries were made. */
public class ReaderException extends RuntimeException {

    public ReaderException(String message, Throwable cause) {
        super(message, cause);
    }
}
