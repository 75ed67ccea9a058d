package io.clirbench.cli.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.clirbench.openai.ChatCompletionsClient;
import io.clirbench.openai.ChatEndpoint;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The LLM agent against a local HTTP server speaking OpenAI chat completions with function calling: what it sends
 * (model, prompt, tools, the assistant's tool calls and the tool messages with their ids), how it runs the tools,
 * a retried 503, its limits, and the endpoint's words in its errors. The server's replies are written here by hand,
 * as an endpoint would send them; the client's retry, timeout and error rules are the openai-client module's
 * {@code ChatCompletionsContractTest}.
 */
class LlmAgentTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private HttpServer server;
    private final List<JsonNode> requests = new ArrayList<>();

    /** Two documents; an unknown docid is refused as the gateway refuses it (a tool error). */
    private static final class TwoDocuments implements SearchTools {
        final List<String> calls = new ArrayList<>();

        @Override
        public String search(String query) {
            calls.add("search:" + query);
            return "[{\"docid\":\"fr/p1\",\"score\":2.5,\"snippet\":\"Paris est la capitale\"}]";
        }

        @Override
        public String getDocument(String docid) {
            calls.add("get_document:" + docid);
            if (!docid.equals("fr/p1")) {
                throw new ToolError("get_document: no document '" + docid + "'");
            }
            return "{\"docid\":\"fr/p1\",\"text\":\"Paris est la capitale de la France.\"}";
        }

        @Override
        public void close() {
        }
    }

    private static ChatCompletionsClient chat(String url, String model, int attempts, Duration firstBackoff) {
        return new ChatCompletionsClient(ChatEndpoint.named(url, model, "sk-test"), LlmAgent.policy(attempts).withFirstBackoff(firstBackoff));
    }

    private String start(Function<Integer, String[]> reply) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v1/chat/completions", exchange -> handle(exchange, reply));
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    private synchronized void handle(HttpExchange exchange, Function<Integer, String[]> reply) throws IOException {
        JsonNode body = JSON.readTree(exchange.getRequestBody().readAllBytes());
        requests.add(body);
        assertThat(exchange.getRequestHeaders().getFirst("Authorization")).isEqualTo("Bearer sk-test");
        String[] statusAndBody = reply.apply(requests.size());
        byte[] bytes = statusAndBody[1].getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(Integer.parseInt(statusAndBody[0]), bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private static String toolCall(String id, String name, String arguments, int tokens) {
        return "{\"id\":\"c\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"finish_reason\":\"tool_calls\","
                + "\"message\":{\"role\":\"assistant\",\"content\":null,\"tool_calls\":[{\"id\":\"" + id + "\",\"type\":\"function\","
                + "\"function\":{\"name\":\"" + name + "\",\"arguments\":" + JSON.valueToTree(arguments) + "}}]}}],"
                + "\"usage\":{\"prompt_tokens\":1,\"completion_tokens\":1,\"total_tokens\":" + tokens + "}}";
    }

    private static String finalAnswer(String content, int tokens) {
        return "{\"id\":\"c\",\"object\":\"chat.completion\",\"choices\":[{\"index\":0,\"finish_reason\":\"stop\","
                + "\"message\":{\"role\":\"assistant\",\"content\":" + JSON.valueToTree(content) + "}}],"
                + "\"usage\":{\"total_tokens\":" + tokens + "}}";
    }

    @Test
    void searchesReadsRetriesAndAnswersInTheBrowseCompPlusFormat() throws Exception {
        String answer = "Explanation: the capital is Paris [fr/p1].\nExact Answer: Paris\nConfidence: 90%";
        String url = start(n -> switch (n) {
            case 1 -> new String[] {"503", "{\"error\":\"overloaded\"}"};
            case 2 -> new String[] {"200", toolCall("call_1", "search", "{\"query\":\"capitale France\"}", 10)};
            case 3 -> new String[] {"200", toolCall("call_2", "get_document", "{\"docid\":\"de/p9\"}", 20)};
            default -> new String[] {"200", finalAnswer(answer, 30)};
        });
        TwoDocuments tools = new TwoDocuments();
        LlmAgent agent = new LlmAgent(chat(url, "test-model", 3, Duration.ofMillis(10)),
                new LlmAgent.Limits(5, 1000, 256));

        LlmAgent.Outcome outcome = agent.answer("What is the capital of France?", tools);

        // the 503 was retried; three completions after it; tokens 10 + 20 + 30
        assertThat(outcome).isEqualTo(new LlmAgent.Outcome(answer, 3, 60, 2, "answered"));
        assertThat(tools.calls).containsExactly("search:capitale France", "get_document:de/p9");
        assertThat(requests).hasSize(4);
        JsonNode first = requests.get(1);
        assertThat(first.path("model").asText()).isEqualTo("test-model");
        assertThat(first.path("max_tokens").asInt()).isEqualTo(256);
        assertThat(first.path("tool_choice").asText()).isEqualTo("auto");
        assertThat(first.findValuesAsText("name")).containsExactly("search", "get_document");
        assertThat(first.path("tools").get(0).path("function").path("parameters").path("required").get(0).asText()).isEqualTo("query");
        assertThat(first.path("messages").get(0).path("role").asText()).isEqualTo("system");
        assertThat(first.path("messages").get(0).path("content").asText())
                .contains("Explanation:").contains("Exact Answer:").contains("Confidence:").contains("[doc42]");
        assertThat(first.path("messages").get(1).path("content").asText()).isEqualTo("What is the capital of France?");
        JsonNode last = requests.get(3).path("messages");
        // system, user, assistant(search), tool, assistant(get_document), tool
        assertThat(last).hasSize(6);
        assertThat(last.get(2).path("tool_calls").get(0).path("id").asText()).isEqualTo("call_1");
        assertThat(last.get(3).path("role").asText()).isEqualTo("tool");
        assertThat(last.get(3).path("tool_call_id").asText()).isEqualTo("call_1");
        assertThat(last.get(3).path("content").asText()).contains("\"docid\":\"fr/p1\"");
        assertThat(last.get(5).path("tool_call_id").asText()).isEqualTo("call_2");
        assertThat(last.get(5).path("content").asText()).isEqualTo("error: get_document: no document 'de/p9'");
    }

    @Test
    void theTurnLimitEndsAQuestionWithoutAnAnswer() throws Exception {
        String url = start(n -> new String[] {"200", toolCall("call_" + n, "search", "{\"query\":\"q" + n + "\"}", 5)});
        TwoDocuments tools = new TwoDocuments();
        LlmAgent agent = new LlmAgent(chat(url, "m", 1, Duration.ZERO),
                new LlmAgent.Limits(2, 1000, 0));

        assertThat(agent.answer("q", tools)).isEqualTo(new LlmAgent.Outcome(null, 2, 10, 2, "turn limit"));
        assertThat(requests.get(0).has("max_tokens")).isFalse();
    }

    @Test
    void theTokenLimitEndsAQuestionWithoutAnAnswer() throws Exception {
        String url = start(n -> new String[] {"200", toolCall("call_" + n, "search", "{\"query\":\"q\"}", 600)});
        LlmAgent agent = new LlmAgent(chat(url, "m", 1, Duration.ZERO),
                new LlmAgent.Limits(10, 1000, 0));

        // 600 after the first turn, 1200 >= 1000 after the second
        assertThat(agent.answer("q", new TwoDocuments())).isEqualTo(new LlmAgent.Outcome(null, 2, 1200, 2, "token limit"));
    }

    @Test
    void aClientErrorFailsAtOnceWithTheServersMessageAndRetriesEndAfterTheLastAttempt() throws Exception {
        String url = start(n -> n == 1 ? new String[] {"400", "{\"error\":{\"message\":\"unknown model m\"}}"}
                : new String[] {"500", "{\"error\":\"boom\"}"});
        LlmAgent agent = new LlmAgent(chat(url, "m", 3, Duration.ofMillis(5)),
                new LlmAgent.Limits(3, 1000, 0));

        assertThatThrownBy(() -> agent.answer("q", new TwoDocuments())).hasMessageContaining("400")
                .hasMessageContaining("unknown model m");
        assertThat(requests).hasSize(1);
        assertThatThrownBy(() -> agent.answer("q", new TwoDocuments())).hasMessageContaining("failed after 3 attempts")
                .hasMessageContaining("500");
        assertThat(requests).hasSize(4);
    }
}
