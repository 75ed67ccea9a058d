package io.clirbench.gateway.agent.mcp;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Optional;
import reactor.core.publisher.Mono;

/**
 * The MCP Java SDK's stateless server on our own HTTP endpoint ({@link McpResource}): one JSON-RPC message per
 * POST, answered with one JSON response (streamable HTTP without a server stream, which the specification allows).
 * It replaces the SDK's servlet transport so that MCP is served by Quarkus REST like every other endpoint, with the
 * run and query taken from the path. Before the SDK sees a message it is checked ({@link JsonRpcEnvelope}, and
 * {@link ToolArguments} for {@code tools/call}): a refused message never reaches a tool, so nothing is recorded.
 */
final class McpTransport implements McpStatelessServerTransport {

    /** Sent by every client after {@code initialize}; a stateless server has nothing to do for it. */
    static final String INITIALIZED = McpSchema.METHOD_NOTIFICATION_INITIALIZED;

    /**
     * One answer: HTTP 200 with a response (an error one for a request with bad params), 202 without a body (a
     * notification or a response), 400 with a JSON-RPC error for a message that is no valid request or notification.
     */
    record Reply(int status, String json) {
    }

    private final McpJsonMapper mapper;
    private final ToolArguments arguments;
    // repeated keys are refused, as StrictJson does for the REST twin: {"query":"a","query":{...}} is ambiguous
    private final ObjectMapper json = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private volatile McpStatelessServerHandler handler;

    McpTransport(McpJsonMapper mapper, ToolArguments arguments) {
        this.mapper = mapper;
        this.arguments = arguments;
    }

    @Override
    public void setMcpHandler(McpStatelessServerHandler handler) {
        this.handler = handler;
    }

    @Override
    public Mono<Void> closeGracefully() {
        return Mono.empty();
    }

    /**
     * Handles one message, its body as received: bytes that are not UTF-8 and strings holding a lone surrogate are a
     * parse error ({@link UnicodeText}), refused before anything reads the message.
     */
    Reply handle(byte[] received, McpTransportContext context) {
        int[] badAt = new int[1];
        Optional<String> body = UnicodeText.decode(received == null ? new byte[0] : received, badAt);
        if (body.isEmpty()) {
            return refused(JsonRpcError.parse("the body is not UTF-8 from byte " + badAt[0] + (badAt[0] < received.length
                    ? String.format(java.util.Locale.ROOT, " (0x%02X)", received[badAt[0]]) : "")), null);
        }
        JsonNode message;
        try {
            message = body.get().isBlank() ? null : json.readTree(body.get());
        } catch (JsonProcessingException e) {
            return refused(JsonRpcError.parse(e.getOriginalMessage()), null);
        }
        if (message == null || message.isMissingNode()) {
            return refused(JsonRpcError.parse("the body is empty"), null);
        }
        Optional<String> lone = UnicodeText.loneSurrogate(message, "");
        if (lone.isPresent()) {
            return refused(JsonRpcError.parse(lone.get(), lone.get() + " holds a lone surrogate (an escape such as \\ud800"
                    + " without its pair): no Unicode text"), null);
        }
        Optional<JsonRpcError> bad = JsonRpcEnvelope.check(message);
        if (bad.isPresent()) {
            JsonNode id = "id".equals(bad.get().field()) ? null : message.get("id");
            // a request whose params are wrong is answered as the SDK answers its errors; anything else is no request
            return id != null && bad.get().code() == JsonRpcError.INVALID_PARAMS
                    ? new Reply(200, write(bad.get().response(id))) : refused(bad.get(), id);
        }
        String method = message.path("method").textValue();
        if (method == null) {
            return new Reply(202, null); // a response: this server asks clients nothing, so there is nothing to match
        }
        JsonNode params = message.get("params");
        if (!message.has("id")) {
            notification(method, params, context);
            return new Reply(202, null);
        }
        JsonNode id = message.get("id");
        if (McpSchema.METHOD_TOOLS_CALL.equals(method)) {
            Optional<JsonRpcError> badArguments = arguments.check(params);
            if (badArguments.isPresent()) {
                return new Reply(200, write(badArguments.get().response(id)));
            }
        }
        return new Reply(200, request(id, method, params, context));
    }

    private void notification(String method, JsonNode params, McpTransportContext context) {
        if (INITIALIZED.equals(method)) {
            return; // the SDK's stateless handler has no handler for it and would log a warning for every session
        }
        handler.handleNotification(context, new McpSchema.JSONRPCNotification(McpSchema.JSONRPC_VERSION, method, value(params)))
                .contextWrite(c -> c.put(McpTransportContext.KEY, context)).block();
    }

    /**
     * The SDK takes only string and integer ids; a null or fractional id (both JSON-RPC) goes in as a stand-in and
     * the response carries the request's own id.
     */
    private String request(JsonNode id, String method, JsonNode params, McpTransportContext context) {
        boolean own = id.isTextual() || id.isIntegralNumber() && id.canConvertToLong();
        Object sdkId = id.isTextual() ? id.textValue() : own ? (Object) id.longValue() : "clirbench-id";
        McpSchema.JSONRPCResponse response = handler.handleRequest(context,
                        new McpSchema.JSONRPCRequest(McpSchema.JSONRPC_VERSION, method, sdkId, value(params)))
                .contextWrite(c -> c.put(McpTransportContext.KEY, context)).block();
        try {
            String text = mapper.writeValueAsString(response);
            if (own) {
                return text;
            }
            ObjectNode tree = (ObjectNode) json.readTree(text);
            tree.set("id", id);
            return write(tree);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Object value(JsonNode params) {
        return params == null || params.isNull() ? null : json.convertValue(params, Object.class);
    }

    private Reply refused(JsonRpcError error, JsonNode id) {
        return new Reply(400, write(error.response(id)));
    }

    private String write(JsonNode node) {
        try {
            return json.writeValueAsString(node);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
