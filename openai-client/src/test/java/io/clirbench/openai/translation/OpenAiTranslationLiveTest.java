package io.clirbench.openai.translation;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * Against a real OpenAI-compatible endpoint: runs only when {@code OPENAI_BASE_URL} is set (with
 * {@code OPENAI_API_KEY} and {@code OPENAI_MODEL} as needed), and is reported as skipped otherwise.
 */
@EnabledIfEnvironmentVariable(named = "OPENAI_BASE_URL", matches = ".+")
class OpenAiTranslationLiveTest {

    @Test
    void aRealModelTranslatesAndKeepsNumbersUrlsAndBracketedIds() {
        OpenAiTranslationProvider provider = OpenAiTranslationProvider.fromEnvironment(System.getenv());
        String text = "The bridge, opened in 1932 (see [de/p042] and https://example.org/bridge), is 503 metres long.";
        String out = provider.translate(text, "en", "de");
        assertThat(out).isNotBlank().isNotEqualTo(text).contains("1932", "[de/p042]", "https://example.org/bridge", "503");
    }
}
