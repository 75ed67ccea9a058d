/**
 * bench-core's translation port ({@link io.clirbench.core.agentic.configure.TranslationProvider}) over the one chat
 * client: {@link io.clirbench.openai.translation.OpenAiTranslationProvider} ({@code bench agent configure --translator openai}).
 */
package io.clirbench.openai.translation;
