package io.clirbench.cli.agent;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.openai.ChatCompletionsClient;
import io.clirbench.openai.ChatEndpoint;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * The LLM agent against a real OpenAI-compatible endpoint ({@code OPENAI_BASE_URL}, {@code OPENAI_API_KEY},
 * {@code OPENAI_MODEL}); skipped where none is set, as on our machines.
 */
@EnabledIfEnvironmentVariable(named = "OPENAI_BASE_URL", matches = ".+")
class LlmAgentLiveTest {

    @Test
    void aRealModelSearchesAndAnswersInTheAskedFormat() throws Exception {
        String model = System.getenv().getOrDefault("OPENAI_MODEL", "gpt-4o-mini");
        LlmAgent agent = new LlmAgent(new ChatCompletionsClient(ChatEndpoint.named(System.getenv("OPENAI_BASE_URL"), model,
                System.getenv("OPENAI_API_KEY")), LlmAgent.policy(4).withFirstBackoff(Duration.ofSeconds(2))), new LlmAgent.Limits(8, 50_000, 1024));
        SearchTools tools = new SearchTools() {
            @Override
            public String search(String query) {
                return "[{\"docid\":\"fr/p1\",\"score\":2.5,\"snippet\":\"Paris est la capitale de la France.\"}]";
            }

            @Override
            public String getDocument(String docid) {
                return "{\"docid\":\"fr/p1\",\"text\":\"Paris est la capitale de la France.\"}";
            }

            @Override
            public void close() {
            }
        };
        LlmAgent.Outcome outcome = agent.answer("What is the capital of France? Use the search tool.", tools);
        assertThat(outcome.ended()).isEqualTo("answered");
        assertThat(outcome.answer()).contains("Exact Answer:").containsIgnoringCase("paris");
    }
}
