package io.clirbench.cli.agent;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.openai.ChatCompletionsClient;
import io.clirbench.openai.ChatEndpoint;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bench agent llm --run ID --base-url URL --model M}: an LLM agent over an OpenAI-compatible chat-completions
 * endpoint with function calling, searching through the run's MCP server; answers are posted to the run, which is
 * closed at the end. No model runs on our machines: this has been checked against a local server speaking the
 * protocol only (LlmAgentTest, and the openai-client module's ChatCompletionsContractTest), and against a real endpoint when OPENAI_BASE_URL is set.
 */
@Command(name = "llm", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run an LLM agent (OpenAI-compatible chat completions with function calling) on every question of "
                + "a gateway agent run, searching over MCP; posts its answers and closes the run."})
public class AgentLlmCommand implements Callable<Integer> {

    @Mixin
    AgentRunTarget target;

    @Option(names = "--base-url", required = true, paramLabel = "URL", description = "Chat-completions base URL, e.g. http://localhost:8000/v1.")
    String baseUrl;

    @Option(names = "--model", required = true, paramLabel = "M", description = "Model name sent to the endpoint.")
    String model;

    @Option(names = "--api-key", paramLabel = "KEY", defaultValue = "${env:OPENAI_API_KEY}", description = "API key (default: $OPENAI_API_KEY).")
    String apiKey;

    @Option(names = "--max-turns", defaultValue = "20", paramLabel = "N", description = "Completions per question (default: ${DEFAULT-VALUE}).")
    int maxTurns;

    @Option(names = "--max-tokens", defaultValue = "200000", paramLabel = "N", description = "Total tokens per question (default: ${DEFAULT-VALUE}).")
    int maxTokens;

    @Option(names = "--max-completion-tokens", defaultValue = "4096", paramLabel = "N", description = "max_tokens of one completion (default: ${DEFAULT-VALUE}).")
    int maxCompletionTokens;

    @Option(names = "--attempts", defaultValue = "4", paramLabel = "N", description = "Tries of one completion on 429/5xx/IO errors (default: ${DEFAULT-VALUE}).")
    int attempts;

    @Override
    public Integer call() throws Exception {
        if (maxTurns < 1 || maxTokens < 1) {
            throw new IllegalArgumentException("--max-turns and --max-tokens must be at least 1");
        }
        AgentRunClient client = target.client();
        String run = target.run();
        LlmAgent agent = new LlmAgent(new ChatCompletionsClient(ChatEndpoint.named(baseUrl, model, apiKey), LlmAgent.policy(attempts)),
                new LlmAgent.Limits(maxTurns, maxTokens, maxCompletionTokens));
        int answered = 0;
        for (JsonNode q : client.run(run).path("questions")) {
            String queryId = q.path("queryId").asText();
            try (McpSearchClient mcp = McpSearchClient.connect(client.baseUrl(), run, queryId, client.token())) {
                LlmAgent.Outcome outcome = agent.answer(q.path("query").asText(), mcp);
                System.err.printf(Locale.ROOT, "%s: %s after %d turns, %d tool calls, %d tokens%n", queryId, outcome.ended(),
                        outcome.turns(), outcome.calls(), outcome.tokens());
                if (outcome.answer() != null && !outcome.answer().isBlank()) {
                    client.answer(run, queryId, outcome.answer(), null);
                    answered++;
                }
            }
        }
        target.finish(client, answered);
        return 0;
    }
}
