package io.clirbench.core.construct.llm;

/**
 * The result of {@link BuildLlm#askParsed}: the value, or (after the last attempt) why every reply was unusable;
 * {@code attempts} counts the replies asked for.
 */
public record Parsed<T>(T value, String rejection, int attempts) {

    public boolean ok() {
        return rejection == null;
    }
}
