package io.clirbench.core.llm.step;

import io.clirbench.core.llm.Decoding;
import io.clirbench.core.llm.Prompt;

/**
 * One call a unit will make: the role asked, the rendered prompt (its template's id, version and hash included), the
 * decoding, and the reply's expected size in tokens, which the step declares (a translation: about its source; a
 * judgement: its format's length) for the dry run's cost estimate.
 */
public record PlannedCall(String role, Prompt prompt, Decoding decoding, long replyTokens) {

    public PlannedCall {
        if (replyTokens < 0) {
            throw new IllegalArgumentException("planned call of " + role + ": reply tokens must not be negative, was " + replyTokens);
        }
    }
}
