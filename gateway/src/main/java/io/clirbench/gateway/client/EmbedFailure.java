package io.clirbench.gateway.client;

/** Embedding failed for good (after retries, or a non-retryable status); the message names model and endpoint. */
public class EmbedFailure extends RuntimeException {

    public EmbedFailure(String message, Throwable cause) {
        super(message, cause);
    }
}
