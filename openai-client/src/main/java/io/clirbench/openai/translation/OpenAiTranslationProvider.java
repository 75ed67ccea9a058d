package io.clirbench.openai.translation;

import io.clirbench.core.agentic.configure.TranslationProvider;
import io.clirbench.openai.ChatCompletionsClient;
import io.clirbench.openai.ChatEndpoint;
import io.clirbench.openai.ChatMessage;
import io.clirbench.openai.ChatPolicy;
import io.clirbench.openai.ChatRequest;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * bench-core's {@link TranslationProvider} port over an OpenAI-compatible chat-completions endpoint, through the
 * one {@link ChatCompletionsClient} and its {@link ChatPolicy}, temperature 0. The prompt asks to keep ids, URLs,
 * numbers, formulas and bracketed tokens unchanged and to answer with the translation only.
 */
public final class OpenAiTranslationProvider implements TranslationProvider {

    /** The system prompt. */
    static final String SYSTEM = "You are a translation engine. Translate the user's text from %s into %s. Keep every "
            + "identifier, URL, e-mail address, number, date, formula, code span and bracketed token (such as [12] or "
            + "[de/p042]) exactly as written. Keep the paragraph structure. Answer with the translation only.";

    /** The CLI's policy: the defaults with 120 s per try (long documents), quoting 200 characters of an error body. */
    public static final ChatPolicy POLICY = ChatPolicy.DEFAULTS.withTimeout(Duration.ofSeconds(120)).quotingBodies(200);

    private final ChatCompletionsClient client;

    public OpenAiTranslationProvider(ChatEndpoint endpoint, ChatPolicy policy) {
        this.client = new ChatCompletionsClient(endpoint, policy);
    }

    /** From {@code OPENAI_BASE_URL} (required), {@code OPENAI_API_KEY} (optional), {@code OPENAI_MODEL} (default gpt-4o-mini). */
    public static OpenAiTranslationProvider fromEnvironment(Map<String, String> env) {
        String base = env.get("OPENAI_BASE_URL");
        if (base == null || base.isBlank()) {
            throw new IllegalArgumentException("OPENAI_BASE_URL is not set (the OpenAI-compatible API base, e.g. http://localhost:8000/v1)");
        }
        return new OpenAiTranslationProvider(ChatEndpoint.named(base, env.getOrDefault("OPENAI_MODEL", "gpt-4o-mini"),
                env.get("OPENAI_API_KEY")), POLICY);
    }

    @Override
    public String name() {
        return "openai/" + client.endpoint().model();
    }

    @Override
    public String translate(String text, String sourceLang, String targetLang) {
        ChatRequest request = ChatRequest.of(List.of(
                new ChatMessage("system", String.format(Locale.ROOT, SYSTEM, sourceLang, targetLang)),
                new ChatMessage("user", text))).withTemperature(0);
        String content;
        try {
            content = client.complete(request).content();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while translating", e);
        }
        if (content.isBlank()) {
            throw new IllegalStateException(client.endpoint().name() + " answered an empty translation");
        }
        return content;
    }
}
