package io.clirbench.gateway.agent;

import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpStatelessServerHandler;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpStatelessServerTransport;
import java.io.IOException;
import java.util.Optional;
import reactor.core.publisher.Mono;

/**
 * The MCP Java SDK's stateless server on our own HTTP endpoint ({@link McpResource}): one JSON-RPC message per
 * POST, answered with one JSON response (streamable HTTP without a server stream, which the specification allows).
 * It replaces the SDK's servlet transport so that MCP is served by Quarkus REST like every other endpoint, with the
 * run and query taken from the path.
 */
final class McpTransport implements McpStatelessServerTransport {

    private final McpJsonMapper mapper;
    private volatile McpStatelessServerHandler handler;

    McpTransport(McpJsonMapper mapper) {
        this.mapper = mapper;
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
     * Handles one message; the response's JSON for a request, empty for a notification or a response.
     *
     * @throws IOException when the body is not a JSON-RPC message
     */
    Optional<String> handle(String body, McpTransportContext context) throws IOException {
        McpSchema.JSONRPCMessage message = McpSchema.deserializeJsonRpcMessage(mapper, body);
        if (message instanceof McpSchema.JSONRPCRequest request) {
            McpSchema.JSONRPCResponse response = handler.handleRequest(context, request)
                    .contextWrite(c -> c.put(McpTransportContext.KEY, context)).block();
            return Optional.of(mapper.writeValueAsString(response));
        }
        if (message instanceof McpSchema.JSONRPCNotification notification) {
            handler.handleNotification(context, notification)
                    .contextWrite(c -> c.put(McpTransportContext.KEY, context)).block();
        }
        return Optional.empty();
    }
}
