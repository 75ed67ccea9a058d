package io.clirbench.gateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A refused MCP message: a JSON-RPC 2.0 error (section 5.1's codes) whose message names the field, which
 * {@code data.field} also gives ({@code id}, {@code params.arguments.query}); {@code null} where there is no field.
 */
record JsonRpcError(int code, String message, String field) {

    static final int PARSE_ERROR = -32700;
    static final int INVALID_REQUEST = -32600;
    static final int INVALID_PARAMS = -32602;

    static JsonRpcError parse(String why) {
        return parse(null, why);
    }

    /** A parse error at {@code field} (a lone surrogate in {@code params.arguments.query}); null where there is none. */
    static JsonRpcError parse(String field, String why) {
        return new JsonRpcError(PARSE_ERROR, "Parse error: " + why, field);
    }

    static JsonRpcError invalidRequest(String field, String why) {
        return new JsonRpcError(INVALID_REQUEST, "Invalid Request: " + why, field);
    }

    static JsonRpcError invalidParams(String field, String why) {
        return new JsonRpcError(INVALID_PARAMS, "Invalid params: " + why, field);
    }

    /** The error response; {@code id} is the request's, or null when it could not be read (section 5). */
    ObjectNode response(JsonNode id) {
        ObjectNode error = JsonNodeFactory.instance.objectNode().put("code", code).put("message", message);
        if (field != null) {
            error.putObject("data").put("field", field);
        }
        ObjectNode response = JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0");
        response.set("id", id == null ? NullNode.instance : id);
        response.set("error", error);
        return response;
    }

    /** The JSON type of a value as a person reads it: {@code an object}, {@code a string}, {@code null}. */
    static String typeOf(JsonNode value) {
        return switch (value.getNodeType()) {
            case OBJECT, POJO -> "an object";
            case ARRAY -> "an array";
            case STRING, BINARY -> "a string";
            case NUMBER -> "a number";
            case BOOLEAN -> "a boolean";
            case NULL, MISSING -> "null";
        };
    }
}
