package io.clirbench.cli.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.cli.gateway.GatewayToken;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A real MCP client (the MCP Java SDK over streamable HTTP) of one question's session at
 * {@code GATEWAY/mcp/RUN/QUERY}: initializes, then calls {@code search} and {@code get_document}.
 */
public final class McpSearchClient implements SearchTools {

    private final McpSyncClient client;

    private McpSearchClient(McpSyncClient client) {
        this.client = client;
    }

    /** Connects and initializes; {@code token} (nullable) is sent as a bearer token. */
    public static McpSearchClient connect(String gatewayUrl, String runId, String queryId, String token) {
        String base = gatewayUrl.endsWith("/") ? gatewayUrl.substring(0, gatewayUrl.length() - 1) : gatewayUrl;
        HttpClientStreamableHttpTransport.Builder transport = HttpClientStreamableHttpTransport.builder(base)
                .endpoint("/mcp/" + AgentRunClient.encode(runId) + "/" + AgentRunClient.encode(queryId))
                .jsonMapper(new JacksonMcpJsonMapper(new ObjectMapper()))
                .connectTimeout(Duration.ofSeconds(10));
        if (token != null && !token.isBlank()) {
            transport.customizeRequest(r -> r.header("Authorization", "Bearer " + token));
        }
        McpSyncClient client = McpClient.sync(transport.build()).requestTimeout(Duration.ofSeconds(120))
                .clientInfo(new McpSchema.Implementation("clirbench-bench-agent", "0.1.0")).build();
        try {
            client.initialize();
        } catch (RuntimeException e) {
            client.close();
            String why = String.valueOf(e.getMessage());
            throw new IllegalStateException("cannot open the MCP session at " + base + "/mcp/" + runId + "/" + queryId + ": " + why
                    + (why.contains("401") ? " (" + GatewayToken.UNAUTHORIZED_HINT + ")" : ""), e);
        }
        return new McpSearchClient(client);
    }

    @Override
    public String search(String query) {
        return call("search", Map.of("query", query));
    }

    @Override
    public String getDocument(String docid) {
        return call("get_document", Map.of("docid", docid));
    }

    private String call(String tool, Map<String, Object> arguments) {
        McpSchema.CallToolResult result = client.callTool(new McpSchema.CallToolRequest(tool, arguments));
        String text = result.content().stream().filter(c -> c instanceof McpSchema.TextContent)
                .map(c -> ((McpSchema.TextContent) c).text()).collect(Collectors.joining());
        if (Boolean.TRUE.equals(result.isError())) {
            throw new ToolError(tool + ": " + text);
        }
        return text;
    }

    @Override
    public void close() {
        client.closeGracefully();
    }
}
