package io.clirbench.gateway.qa.reader;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.openai.ChatMessage;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * The QA reader (through the openai-client module's one chat client) against a real OpenAI-compatible server: runs
 * only when {@code OPENAI_BASE_URL} is set (e.g. {@code http://localhost:8000/v1} for vLLM), with
 * {@code OPENAI_MODEL} (default {@code gpt-4o-mini}) and {@code OPENAI_API_KEY} when the server wants one; reported
 * as skipped otherwise.
 */
@EnabledIfEnvironmentVariable(named = "OPENAI_BASE_URL", matches = ".+")
class QaReaderIT {

    @Test
    void aRealServerAnswersAndReportsUsage() throws Exception {
        String model = System.getenv().getOrDefault("OPENAI_MODEL", "gpt-4o-mini");
        QaReader reader = new QaReader(ReaderSettings.defaults("it", URI.create(System.getenv("OPENAI_BASE_URL")), model,
                System.getenv("OPENAI_API_KEY")));
        ReaderAnswer a = reader.answer(List.of(new ChatMessage("system", "Reply with one word."),
                new ChatMessage("user", "Evidence:\n- Paris is the capital of France.\n\nQuestion: What is the capital of France?\nAnswer:")));
        assertThat(a.answer().toLowerCase(java.util.Locale.ROOT)).contains("paris");
        assertThat(a.promptTokens()).isPositive();
    }
}
