package io.clirbench.core.llm;

/** One chat message: {@code system}, {@code user} or {@code assistant}, and its text. */
public record LlmMessage(String role, String content) {

    public LlmMessage {
        if (!("system".equals(role) || "user".equals(role) || "assistant".equals(role))) {
            throw new IllegalArgumentException("LLM message role must be system, user or assistant, was " + role);
        }
        if (content == null) {
            throw new IllegalArgumentException("LLM message: content is required");
        }
    }
}
