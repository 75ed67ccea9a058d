package io.clirbench.gateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Optional;

/**
 * The checks of a JSON-RPC 2.0 message before the MCP SDK reads it (sections 4 and 5): a JSON object (MCP has no
 * batches), {@code "jsonrpc": "2.0"}, an {@code id} that is a string, a number within the range of a double (JSON-RPC
 * ids are compared as numbers; {@code 1e400} reads as Infinity, which no response could carry back) or null, a
 * {@code method} that is a string (or, without one, a response: {@code result} or {@code error} with an {@code id}), and
 * {@code params}, where given and not null, an object (MCP's methods take named parameters). The SDK would answer a
 * wrong {@code id} type with a 500.
 */
final class JsonRpcEnvelope {

    private JsonRpcEnvelope() {
    }

    /** The first thing wrong with the message, if any. */
    static Optional<JsonRpcError> check(JsonNode message) {
        if (!message.isObject()) {
            return Optional.of(JsonRpcError.invalidRequest(null, "a message must be a JSON object (no batches), not "
                    + JsonRpcError.typeOf(message)));
        }
        JsonNode jsonrpc = message.path("jsonrpc");
        if (!jsonrpc.isTextual() || !"2.0".equals(jsonrpc.textValue())) {
            return Optional.of(JsonRpcError.invalidRequest("jsonrpc", "jsonrpc must be the string \"2.0\""
                    + (jsonrpc.isMissingNode() ? "; it is missing" : ", not " + describe(jsonrpc))));
        }
        JsonNode id = message.get("id");
        if (id != null && !(id.isTextual() || id.isNumber() || id.isNull())) {
            return Optional.of(JsonRpcError.invalidRequest("id", "id must be a string, a number or null, not "
                    + JsonRpcError.typeOf(id)));
        }
        if (id != null && id.isNumber() && !Double.isFinite(id.doubleValue())) {
            // issue 45: it had been answered with the id "Infinity", which names no request
            return Optional.of(JsonRpcError.invalidRequest("id", "id must be a number within the range of a double"
                    + " (at most 1.7976931348623157e308 in magnitude), a string or null"));
        }
        JsonNode method = message.get("method");
        if (method == null) {
            return message.has("id") && (message.has("result") || message.has("error")) ? Optional.empty()
                    : Optional.of(JsonRpcError.invalidRequest("method", "method is missing (and it is no response)"));
        }
        if (!method.isTextual()) {
            return Optional.of(JsonRpcError.invalidRequest("method", "method must be a string, not "
                    + JsonRpcError.typeOf(method)));
        }
        JsonNode params = message.get("params");
        if (params != null && !params.isObject() && !params.isNull()) { // null: as if omitted, as some clients send it
            return Optional.of(JsonRpcError.invalidParams("params", "params of " + method.textValue()
                    + " must be an object, not " + JsonRpcError.typeOf(params)));
        }
        return Optional.empty();
    }

    /** A wrong scalar shown (cut short), other values by their type. */
    private static String describe(JsonNode value) {
        if (value.isValueNode() && !value.isNull()) {
            String text = value.toString();
            return text.length() > 20 ? text.substring(0, 20) + "..." : text;
        }
        return JsonRpcError.typeOf(value);
    }
}
