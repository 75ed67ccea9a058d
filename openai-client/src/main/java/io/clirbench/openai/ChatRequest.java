package io.clirbench.openai;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;

/**
 * The body of one {@code POST /chat/completions} without the model (the client's {@link ChatEndpoint} adds it):
 * the messages, optional tools (function calling, {@code tool_choice: auto}), an optional temperature and an
 * optional completion-token bound and an optional {@code reasoning_effort} (reasoning models: {@code low},
 * {@code medium}, {@code high}). Immutable; the withers return a copy.
 */
public record ChatRequest(ArrayNode messages, ArrayNode tools, Double temperature, int maxTokens, String reasoningEffort) {

    private static final ObjectMapper JSON = new ObjectMapper();

    public ChatRequest {
        if (messages == null || messages.isEmpty()) {
            throw new IllegalArgumentException("chat request: at least one message is required");
        }
        messages = messages.deepCopy();
        tools = tools == null ? null : tools.deepCopy();
        if (reasoningEffort != null && reasoningEffort.isBlank()) {
            throw new IllegalArgumentException("chat request: reasoning effort must not be blank");
        }
    }

    /** Without a reasoning effort. */
    public ChatRequest(ArrayNode messages, ArrayNode tools, Double temperature, int maxTokens) {
        this(messages, tools, temperature, maxTokens, null);
    }

    /** Plain messages (role and content). */
    public static ChatRequest of(List<ChatMessage> messages) {
        ArrayNode m = JSON.createArrayNode();
        messages.forEach(x -> m.addObject().put("role", x.role()).put("content", x.content()));
        return new ChatRequest(m, null, null, 0);
    }

    /** Messages as the protocol writes them (assistant tool calls, tool results). */
    public static ChatRequest of(ArrayNode messages) {
        return new ChatRequest(messages, null, null, 0);
    }

    public ChatRequest withTools(ArrayNode functions) {
        return new ChatRequest(messages, functions, temperature, maxTokens, reasoningEffort);
    }

    public ChatRequest withTemperature(double t) {
        return new ChatRequest(messages, tools, t, maxTokens, reasoningEffort);
    }

    /** At most {@code n} completion tokens; 0 leaves it to the server. */
    public ChatRequest withMaxTokens(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("chat request: max tokens must not be negative, was " + n);
        }
        return new ChatRequest(messages, tools, temperature, n, reasoningEffort);
    }

    /** {@code reasoning_effort} sent as given ({@code null}: not sent, the server's default). */
    public ChatRequest withReasoningEffort(String effort) {
        return new ChatRequest(messages, tools, temperature, maxTokens, effort);
    }

    /** The JSON body for {@code model}. */
    ObjectNode toJson(String model) {
        ObjectNode body = JSON.createObjectNode().put("model", model);
        body.set("messages", messages.deepCopy());
        if (tools != null && !tools.isEmpty()) {
            body.set("tools", tools.deepCopy());
            body.put("tool_choice", "auto");
        }
        if (temperature != null) {
            body.put("temperature", temperature);
        }
        if (maxTokens > 0) {
            body.put("max_tokens", maxTokens);
        }
        if (reasoningEffort != null) {
            body.put("reasoning_effort", reasoningEffort);
        }
        body.put("stream", false);
        return body;
    }
}
