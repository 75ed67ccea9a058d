/**
 * What every benchmark-building pipeline shares for its LLM calls, with no framework: the {@link
 * io.clirbench.core.llm.LlmPort} port (the OpenAI-compatible adapter lives in {@code openai-client}), prompt
 * templates read from files and hashed ({@link io.clirbench.core.llm.PromptTemplate}), the response cache that
 * is also the resume state ({@link io.clirbench.core.llm.CallJournal}), the budget ({@link
 * io.clirbench.core.llm.Budget}), bounded retries of unusable replies ({@link
 * io.clirbench.core.llm.BuildLlm#askParsed}) and parallel items with an ordered result ({@link
 * io.clirbench.core.llm.ItemRunner}).
 */
package io.clirbench.core.llm;
