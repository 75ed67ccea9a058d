/**
 * The one OpenAI-compatible chat-completions client: {@link io.clirbench.openai.ChatCompletionsClient} calls a
 * {@link io.clirbench.openai.ChatEndpoint} (name, base URL, model, key) under the one
 * {@link io.clirbench.openai.ChatPolicy} (requests in flight, tries, backoff, timeout, how much of a body an error
 * may quote) with a {@link io.clirbench.openai.ChatRequest}, and answers a
 * {@link io.clirbench.openai.ChatCompletion} or throws a {@link io.clirbench.openai.ChatCompletionsException}.
 * Used by the gateway's QA reader, the CLI's LLM agent and {@code translation}'s provider.
 */
package io.clirbench.openai;
