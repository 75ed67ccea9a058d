package io.clirbench.gateway.agent;

import java.util.List;

/**
 * Issue 28 finding 6: MCP messages that must be refused before any tool runs, shared by {@link McpInputTest} (each
 * one on its own) and the hostile battery ({@code HostileRequestsTest}). Expected codes are JSON-RPC 2.0's
 * (section 5.1): -32700 parse error, -32600 invalid request, -32602 invalid params; the HTTP status is 400 for a
 * message that is no request (MCP streamable HTTP: "an HTTP error status code (e.g., 400 Bad Request)") and 200 for a
 * request answered with an error.
 */
public final class McpHostileMessages {

    /** One message; {@code field} is what {@code error.data.field} must be and what the message must name. */
    public record Case(String name, String body, int status, int code, String field) {
    }

    private McpHostileMessages() {
    }

    private static String call(String id, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"tools/call\",\"params\":" + params + "}";
    }

    private static String search(String arguments) {
        return call("1", "{\"name\":\"search\",\"arguments\":" + arguments + "}");
    }

    public static List<Case> all() {
        String good = "{\"name\":\"search\",\"arguments\":{\"query\":\"Broncos\"}}";
        return List.of(
                new Case("MCP id that is an object", call("{\"a\":1}", good), 400, -32600, "id"),
                new Case("MCP id that is an array", call("[1]", good), 400, -32600, "id"),
                new Case("MCP id that is a boolean", call("true", good), 400, -32600, "id"),
                new Case("MCP jsonrpc \"1.0\"", "{\"jsonrpc\":\"1.0\",\"id\":1,\"method\":\"tools/call\",\"params\":" + good + "}",
                        400, -32600, "jsonrpc"),
                new Case("MCP without jsonrpc", "{\"id\":1,\"method\":\"tools/call\",\"params\":" + good + "}", 400, -32600, "jsonrpc"),
                new Case("MCP method that is a number", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":5,\"params\":" + good + "}",
                        400, -32600, "method"),
                new Case("MCP message without method", "{\"jsonrpc\":\"2.0\",\"id\":1,\"params\":" + good + "}", 400, -32600, "method"),
                new Case("MCP batch (a JSON array)", "[" + call("1", good) + "]", 400, -32600, null),
                new Case("MCP body that is no JSON", "{\"jsonrpc\":", 400, -32700, null),
                new Case("MCP repeated key query", search("{\"query\":\"a\",\"query\":{\"$ne\":1}}"), 400, -32700, null),
                new Case("MCP params that are a string", call("1", "\"search\""), 200, -32602, "params"),
                new Case("MCP search query {\"$ne\": 1}", search("{\"query\":{\"$ne\":1}}"), 200, -32602, "params.arguments.query"),
                new Case("MCP search query a number", search("{\"query\":5}"), 200, -32602, "params.arguments.query"),
                new Case("MCP search query null", search("{\"query\":null}"), 200, -32602, "params.arguments.query"),
                new Case("MCP search query an array", search("{\"query\":[\"a\",\"b\"]}"), 200, -32602, "params.arguments.query"),
                new Case("MCP search without query", search("{}"), 200, -32602, "params.arguments.query"),
                new Case("MCP search without arguments", call("1", "{\"name\":\"search\"}"), 200, -32602, "params.arguments.query"),
                new Case("MCP search with an unknown argument", search("{\"query\":\"a\",\"k\":1000}"), 200, -32602,
                        "params.arguments.k"),
                new Case("MCP search arguments a string", search("\"Broncos\""), 200, -32602, "params.arguments"),
                new Case("MCP get_document docid an object", call("1", "{\"name\":\"get_document\",\"arguments\":{\"docid\":{}}}"),
                        200, -32602, "params.arguments.docid"),
                new Case("MCP tools/call without a name", call("1", "{\"arguments\":{\"query\":\"a\"}}"), 200, -32602, "params.name"),
                new Case("MCP tools/call of an unknown tool", call("1", "{\"name\":\"drop_index\",\"arguments\":{}}"), 200, -32602,
                        "params.name"));
    }
}
