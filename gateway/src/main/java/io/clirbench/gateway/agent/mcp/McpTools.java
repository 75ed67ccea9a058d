package io.clirbench.gateway.agent.mcp;

import io.clirbench.gateway.agent.AgentTools;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.gateway.error.RequestRejectedException;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson2.JacksonMcpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpStatelessServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpStatelessSyncServer;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The MCP server (MCP Java SDK, stateless) with BrowseComp-Plus's two tools: {@code search(query)} → a JSON list of
 * {@code {docid, score, snippet}} and {@code get_document(docid)} → {@code {docid, text}}. Arguments that do not fit
 * the tool's inputSchema (a query that is no string, a missing or unknown argument) are a JSON-RPC -32602 error
 * naming the argument ({@link ToolArguments}); a refused call of the right shape (empty or oversize query, unknown
 * docid, closed run) is a tool error ({@code isError}) whose text says why. Nothing is recorded for either.
 */
@ApplicationScoped
public class McpTools {

    /** Context keys set by {@link McpResource} from the path. */
    static final String RUN = "agent.run";
    static final String QUERY = "agent.query";

    private static final String SEARCH_DESCRIPTION = "Search the document collection for the query. Returns the top k "
            + "documents as a JSON list of {docid, score, snippet}; the snippet is the start of the document. Call it as "
            + "often as you need with different queries, and cite documents by their docid in brackets, e.g. [docid].";
    private static final String DOCUMENT_DESCRIPTION = "Read one document in full: give a docid returned by search. "
            + "Returns {docid, text}.";

    private final AgentTools tools;
    private final McpJsonMapper mapper = new JacksonMcpJsonMapper(new ObjectMapper());
    private final McpTransport transport;
    private final McpStatelessSyncServer server;

    McpTools(AgentTools tools) {
        this.tools = tools;
        List<SyncToolSpecification> specifications = List.of(
                tool(AgentTools.SEARCH, SEARCH_DESCRIPTION, "query", "The search query.", this::search),
                tool(AgentTools.GET_DOCUMENT, DOCUMENT_DESCRIPTION, "docid", "The docid of the document.", this::document));
        // the transport checks each call's arguments against these very schemas before the SDK runs the tool
        this.transport = new McpTransport(mapper, new ToolArguments(specifications.stream().map(SyncToolSpecification::tool).toList()));
        // immediateExecution: a tool runs on the request's worker thread (which waits for it anyway), not on the
        // SDK's boundedElastic scheduler: one thread hop less per call
        this.server = McpServer.sync(transport).immediateExecution(true).jsonMapper(mapper)
                .serverInfo("clirbench-agent-search", "0.1.0")
                .capabilities(McpSchema.ServerCapabilities.builder().tools(false).build())
                .instructions("The search tool of a clirbench agent run: one session per run and question (the URL).")
                .tools(specifications)
                .build();
    }

    McpTransport transport() {
        return transport;
    }

    private SyncToolSpecification tool(String name, String description, String parameter, String parameterDescription,
                                       BiFunction<McpTransportContext, Map<String, Object>, String> call) {
        String schema = "{\"type\":\"object\",\"properties\":{\"" + parameter + "\":{\"type\":\"string\",\"description\":\""
                + parameterDescription + "\"}},\"required\":[\"" + parameter + "\"],\"additionalProperties\":false}";
        return SyncToolSpecification.builder()
                .tool(McpSchema.Tool.builder().name(name).description(description).inputSchema(mapper, schema).build())
                .callHandler((context, request) -> {
                    try {
                        String result = call.apply(context, request.arguments() == null ? Map.of() : request.arguments());
                        return CallToolResult.builder().addTextContent(result).build();
                    } catch (RequestRejectedException e) {
                        return CallToolResult.builder().addTextContent(e.getMessage()
                                + e.fields().stream().map(f -> "; " + f.field() + ": " + f.message()).reduce("", String::concat))
                                .isError(true).build();
                    }
                }).build();
    }

    private String search(McpTransportContext context, Map<String, Object> arguments) {
        Object query = arguments.get("query");
        try {
            return tools.search((String) context.get(RUN), (String) context.get(QUERY), query == null ? null : query.toString());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private String document(McpTransportContext context, Map<String, Object> arguments) {
        Object docid = arguments.get("docid");
        return tools.document((String) context.get(RUN), (String) context.get(QUERY), docid == null ? null : docid.toString());
    }

    @PreDestroy
    void close() {
        server.close();
    }
}
