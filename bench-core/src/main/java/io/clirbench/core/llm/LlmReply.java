package io.clirbench.core.llm;

/**
 * A model's answer, the tokens the server reported for it (0 where it reported none), why the model stopped
 * ({@code choices[0].finish_reason}: {@code stop}, {@code length}, ...; empty where the server said nothing) and the
 * model the endpoint says answered (the response's {@code model}, which can differ from the one asked for: an alias
 * resolved to a dated snapshot; empty where the server said nothing).
 */
public record LlmReply(String content, long promptTokens, long completionTokens, String finishReason, String reportedModel) {

    /** The finish reason of a reply cut at the output limit. */
    public static final String LENGTH = "length";

    /** A reply whose server did not say why the model stopped. */
    public LlmReply(String content, long promptTokens, long completionTokens) {
        this(content, promptTokens, completionTokens, "", "");
    }

    /** A reply whose server did not say which model answered. */
    public LlmReply(String content, long promptTokens, long completionTokens, String finishReason) {
        this(content, promptTokens, completionTokens, finishReason, "");
    }

    /** Whether the model was stopped at the output limit: the reply is incomplete, whatever it looks like. */
    public boolean cutAtOutputLimit() {
        return LENGTH.equals(finishReason);
    }

    public LlmReply {
        finishReason = finishReason == null ? "" : finishReason;
        reportedModel = reportedModel == null ? "" : reportedModel;
        if (content == null) {
            throw new IllegalArgumentException("LLM reply: content is required");
        }
        if (promptTokens < 0 || completionTokens < 0) {
            throw new IllegalArgumentException("LLM reply: token counts must not be negative");
        }
    }
}
