package io.clirbench.gateway.qa.reader;

/**
 * What the reader answered for one instance, with its token usage (0 when the server reports none).
 *
 * @param attempts       requests sent (1 when the first succeeded)
 * @param latencyMicros  time from the first request to the answer, backoffs included
 */
public record ReaderAnswer(String answer, int promptTokens, int completionTokens, int attempts, long latencyMicros) {
}
