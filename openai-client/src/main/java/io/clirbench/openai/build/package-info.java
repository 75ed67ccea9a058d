/** The build pipelines' {@link io.clirbench.core.build.llm.LlmPort} over the one chat-completions client. */
package io.clirbench.openai.build;
