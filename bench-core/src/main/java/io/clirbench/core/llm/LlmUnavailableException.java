package io.clirbench.core.llm;

/** The endpoint refused or failed after its retries: the build stops (what was journaled is kept). */
public final class LlmUnavailableException extends RuntimeException {

    public LlmUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
