package io.clirbench.core.build.xbcp;

import io.clirbench.core.build.llm.Prompt;

/** A request's outcome: the translated text, or (after the last attempt) why it was rejected. */
public record Translation(TranslationRequest request, String text, String rejection, int attempts, Prompt prompt) {

    public boolean ok() {
        return rejection == null;
    }
}
