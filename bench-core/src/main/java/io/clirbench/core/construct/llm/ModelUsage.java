package io.clirbench.core.construct.llm;

/** What one model was paid for over the whole build (every journaled call): calls, tokens and cost. */
public record ModelUsage(String model, long calls, long promptTokens, long completionTokens, double cost) {
}
