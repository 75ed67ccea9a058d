package io.clirbench.openai;

/**
 * The server could not answer: refused, failed every try, or answered something that is not a completion. The
 * message names the endpoint (by {@link ChatEndpoint#name()}) and says the status or failure; it quotes what the
 * server answered only as far as {@link ChatPolicy#bodyExcerptChars()} allows.
 */
public class ChatCompletionsException extends RuntimeException {

    private final int status;

    /** @param status the last HTTP status, 0 when no answer came */
    public ChatCompletionsException(String message, int status, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    /** The last HTTP status, 0 when no answer came (no connection, timeout). */
    public int status() {
        return status;
    }
}
