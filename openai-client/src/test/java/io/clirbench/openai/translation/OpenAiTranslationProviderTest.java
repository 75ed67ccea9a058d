package io.clirbench.openai.translation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.testing.ChatCompletionsServer;
import io.clirbench.core.testing.ChatCompletionsServer.Reply;
import io.clirbench.openai.ChatEndpoint;
import io.clirbench.openai.ChatPolicy;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The translation provider against a local chat-completions server that "translates" by tagging the text with the
 * target language, so the test sees exactly what was sent and returned. The client's retries and errors are
 * {@code ChatCompletionsContractTest}'s.
 */
class OpenAiTranslationProviderTest {

    private ChatCompletionsServer server;

    @AfterEach
    void stop() {
        if (server != null) {
            server.close();
        }
    }

    private OpenAiTranslationProvider start(ChatCompletionsServer.Behaviour behaviour) throws IOException {
        server = ChatCompletionsServer.start(behaviour);
        return new OpenAiTranslationProvider(ChatEndpoint.named(server.baseUrl() + "/", "test-model", "sk-test"),
                OpenAiTranslationProvider.POLICY.withAttempts(2).withFirstBackoff(Duration.ofMillis(10)));
    }

    private static Reply tagging(JsonNode request) {
        String target = ChatCompletionsServer.message(request, "system").replaceAll("(?s).* into (\\w+)\\..*", "$1");
        return Reply.ok("[" + target + "] " + ChatCompletionsServer.message(request, "user"), 1, 1);
    }

    @Test
    void sendsAChatCompletionWithTheKeepIdsPromptAndReturnsTheContent() throws Exception {
        OpenAiTranslationProvider provider = start((n, request) -> tagging(request));
        String out = provider.translate("Doc 12 at https://x.org costs 3.5 EUR.", "en", "de");
        assertThat(out).isEqualTo("[de] Doc 12 at https://x.org costs 3.5 EUR.");
        JsonNode request = server.bodies().get(0);
        assertThat(request.get("model").asText()).isEqualTo("test-model");
        assertThat(request.get("temperature").asInt()).isZero();
        assertThat(request.get("messages").get(0).get("role").asText()).isEqualTo("system");
        assertThat(request.get("messages").get(0).get("content").asText())
                .contains("from en into de", "identifier, URL", "number", "formula", "[de/p042]");
        assertThat(request.get("messages").get(1).get("role").asText()).isEqualTo("user");
        assertThat(server.authorizations().get(0)).isEqualTo("Bearer sk-test");
        assertThat(provider.name()).isEqualTo("openai/test-model");
    }

    @Test
    void anHttpErrorOrAnAnswerWithoutContentIsAClearErrorNamingTheEndpoint() throws Exception {
        OpenAiTranslationProvider provider = start((n, request) -> n <= 2 ? new Reply(500, "{\"error\": \"overloaded\"}", null, 0)
                : n == 3 ? new Reply(200, "{\"choices\": []}", null, 0) : Reply.ok("  ", 1, 1));
        assertThatThrownBy(() -> provider.translate("x", "en", "de"))
                .hasMessage(server.baseUrl() + "/chat/completions failed after 2 attempts: HTTP 500 (the server answered: {\"error\": \"overloaded\"})");
        assertThatThrownBy(() -> provider.translate("x", "en", "de")).hasMessageContaining("without choices[0].message");
        assertThatThrownBy(() -> provider.translate("x", "en", "de")).hasMessageEndingWith("/v1/chat/completions answered an empty translation");
    }

    @Test
    void withoutABaseUrlTheEnvironmentSaysWhatToSet() {
        assertThatThrownBy(() -> OpenAiTranslationProvider.fromEnvironment(Map.of()))
                .hasMessageStartingWith("OPENAI_BASE_URL is not set");
        assertThat(OpenAiTranslationProvider.fromEnvironment(Map.of("OPENAI_BASE_URL", "http://127.0.0.1:1/v1")).name())
                .isEqualTo("openai/gpt-4o-mini");
    }

    @Test
    void theCliPolicyIsTheDefaultsWithALongerTimeoutAndShortQuotes() {
        assertThat(OpenAiTranslationProvider.POLICY).isEqualTo(new ChatPolicy(4, 4, Duration.ofSeconds(120), Duration.ofMillis(500), 200));
    }
}
