package io.clirbench.core.llm;

/** A reply that a pipeline cannot use (not JSON, a field missing, a sentence count changed): it is asked again. */
public final class UnusableReplyException extends Exception {

    public UnusableReplyException(String reason) {
        super(reason);
    }
}
