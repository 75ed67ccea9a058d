package io.clirbench.core.construct.xbcp;

import io.clirbench.core.llm.Prompt;

/**
 * A request's outcome: the translated text, or (after the last attempt) why it was rejected; {@code attempts} counts the
 * replies asked for over every chunk, {@code prompt} is the first chunk's, {@code chunks} how many calls the text took.
 */
public record Translation(TranslationRequest request, String text, String rejection, int attempts, Prompt prompt, int chunks) {

    /** A part translated in one call. */
    public Translation(TranslationRequest request, String text, String rejection, int attempts, Prompt prompt) {
        this(request, text, rejection, attempts, prompt, 1);
    }

    public boolean ok() {
        return rejection == null;
    }
}
