package io.clirbench.core.build.llm;

/** A model's answer and the tokens the server reported for it (0 where it reported none). */
public record LlmReply(String content, long promptTokens, long completionTokens) {

    public LlmReply {
        if (content == null) {
            throw new IllegalArgumentException("LLM reply: content is required");
        }
        if (promptTokens < 0 || completionTokens < 0) {
            throw new IllegalArgumentException("LLM reply: token counts must not be negative");
        }
    }
}
