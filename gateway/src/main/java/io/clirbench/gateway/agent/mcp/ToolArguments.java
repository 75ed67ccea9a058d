package io.clirbench.gateway.agent.mcp;

import com.fasterxml.jackson.databind.JsonNode;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The params of {@code tools/call} checked against the tool's declared {@code inputSchema} before the tool runs, so
 * a refused call records nothing: {@code name} one of the tools, {@code arguments} an object whose members are the
 * schema's properties (none other where {@code additionalProperties} is false), each of its declared JSON Schema
 * {@code type}, the {@code required} ones present. Each refusal is -32602 naming the argument.
 */
final class ToolArguments {

    private final Map<String, McpSchema.Tool> tools = new LinkedHashMap<>();

    ToolArguments(List<McpSchema.Tool> tools) {
        tools.forEach(t -> this.tools.put(t.name(), t));
    }

    /** The first thing wrong with the params of a {@code tools/call}, if any. */
    Optional<JsonRpcError> check(JsonNode params) {
        JsonNode name = params == null ? null : params.get("name");
        if (name == null || !name.isTextual()) {
            return Optional.of(JsonRpcError.invalidParams("params.name", "params.name must be the name of a tool ("
                    + String.join(", ", tools.keySet()) + "), not " + (name == null ? "missing" : JsonRpcError.typeOf(name))));
        }
        McpSchema.Tool tool = tools.get(name.textValue());
        if (tool == null) {
            return Optional.of(JsonRpcError.invalidParams("params.name", "params.name: no tool '" + cut(name.textValue())
                    + "'; the tools are " + String.join(", ", tools.keySet())));
        }
        JsonNode arguments = params.get("arguments");
        if (arguments != null && !arguments.isObject() && !arguments.isNull()) {
            return Optional.of(JsonRpcError.invalidParams("params.arguments", "params.arguments must be an object, not "
                    + JsonRpcError.typeOf(arguments)));
        }
        return check(tool, arguments == null || arguments.isNull() ? null : arguments);
    }

    private static Optional<JsonRpcError> check(McpSchema.Tool tool, JsonNode arguments) {
        McpSchema.JsonSchema schema = tool.inputSchema();
        Map<String, Object> properties = schema.properties() == null ? Map.of() : schema.properties();
        if (arguments != null) {
            for (Iterator<Map.Entry<String, JsonNode>> it = arguments.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> argument = it.next();
                String field = "params.arguments." + cut(argument.getKey());
                Object property = properties.get(argument.getKey());
                if (property == null) {
                    if (Boolean.FALSE.equals(schema.additionalProperties())) {
                        return Optional.of(JsonRpcError.invalidParams(field, field + ": tool " + tool.name()
                                + " has no such argument; its arguments are " + String.join(", ", properties.keySet())));
                    }
                    continue;
                }
                String type = property instanceof Map<?, ?> p && p.get("type") instanceof String t ? t : null;
                if (type != null && !isOfType(argument.getValue(), type)) {
                    return Optional.of(JsonRpcError.invalidParams(field, field + " must be " + article(type)
                            + " (the inputSchema of tool " + tool.name() + "), not " + JsonRpcError.typeOf(argument.getValue())));
                }
            }
        }
        for (String required : schema.required() == null ? List.<String>of() : schema.required()) {
            if (arguments == null || !arguments.has(required)) {
                String field = "params.arguments." + required;
                return Optional.of(JsonRpcError.invalidParams(field, field + " is required by tool " + tool.name()));
            }
        }
        return Optional.empty();
    }

    /** JSON Schema's type names (draft 2020-12, section 6.1.1). */
    private static boolean isOfType(JsonNode value, String type) {
        return switch (type) {
            case "string" -> value.isTextual();
            case "number" -> value.isNumber();
            case "integer" -> value.isIntegralNumber() || value.isNumber() && value.decimalValue().stripTrailingZeros().scale() <= 0;
            case "boolean" -> value.isBoolean();
            case "object" -> value.isObject();
            case "array" -> value.isArray();
            case "null" -> value.isNull();
            default -> true; // a type this check does not know: the tool checks it
        };
    }

    private static String article(String type) {
        return ("integer".equals(type) || "object".equals(type) || "array".equals(type) ? "an " : "a ") + type;
    }

    private static String cut(String text) {
        return text.length() > 40 ? text.substring(0, 40) + "..." : text;
    }
}
