/** The build pipelines' {@link io.clirbench.core.llm.LlmPort} over the one chat-completions client. */
package io.clirbench.openai.construct;
