package io.clirbench.core.llm;

/**
 * The result of {@link LlmCalls#askParsed}: the value, or (after the last attempt) why every reply was unusable and the
 * last unusable reply, kept for whoever reviews the rejection; {@code attempts} counts the replies asked for.
 */
public record Parsed<T>(T value, String rejection, int attempts, String unusableReply) {

    public Parsed(T value, String rejection, int attempts) {
        this(value, rejection, attempts, null);
    }

    public boolean ok() {
        return rejection == null;
    }
}
