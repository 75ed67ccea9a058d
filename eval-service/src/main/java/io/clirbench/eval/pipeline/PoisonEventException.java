package io.clirbench.eval.pipeline;

/** An event that can never be processed; it goes to the dead-letter topic with this reason, and nothing is stored. */
public class PoisonEventException extends RuntimeException {

    public PoisonEventException(String reason) {
        super(reason);
    }

    /** The text of the dead letter's {@code reason} header. */
    public String reason() {
        return getMessage();
    }
}
