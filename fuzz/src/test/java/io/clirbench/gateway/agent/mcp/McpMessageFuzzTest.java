package io.clirbench.gateway.agent.mcp;

import com.code_intelligence.jazzer.junit.DictionaryEntries;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.clirbench.gateway.agent.FuzzAgentTools;
import io.modelcontextprotocol.common.McpTransportContext;
import java.util.Map;

/**
 * One MCP JSON-RPC message, its bytes as {@code POST /mcp/RUN/QUERY} hands its body on (strict UTF-8 is the transport's
 * own check): {@link McpTransport#handle} with the
 * gateway's own MCP server ({@link McpTools}: the SDK's stateless server, the envelope checks of
 * {@link JsonRpcEnvelope} and the argument checks of {@link ToolArguments}) over tools that need no search engine.
 * Quarkus is not started. The transport documents a reply for every body: 200 (a response, an error one included),
 * 202 (a notification or response) or 400 (a JSON-RPC error). It throws nothing; any exception is a finding (a 500).
 */
class McpMessageFuzzTest {

    private static final McpTransport TRANSPORT = new McpTools(new FuzzAgentTools()).transport();
    private static final McpTransportContext CONTEXT =
            McpTransportContext.create(Map.of(McpTools.RUN, "run", McpTools.QUERY, "q1"));

    @FuzzTest
    @DictionaryEntries({"\"jsonrpc\"", "\"2.0\"", "\"id\"", "\"method\"", "\"params\"", "\"result\"", "\"error\"",
            "\"tools/call\"", "\"tools/list\"", "\"initialize\"", "\"ping\"", "\"notifications/initialized\"",
            "\"name\"", "\"arguments\"", "\"search\"", "\"get_document\"", "\"query\"", "\"docid\"", "\"protocolVersion\"",
            "\"2025-06-18\"", "\"capabilities\"", "\"clientInfo\"", "\"cursor\"", "null", "1e400", "-0", "1.5"})
    void message(byte[] data) {
        McpTransport.Reply reply = TRANSPORT.handle(data, CONTEXT); // the body's bytes, as the resource hands them on
        int status = reply.status();
        if (status != 200 && status != 202 && status != 400) {
            throw new IllegalStateException("status " + status + " for a message");
        }
        if ((status == 202) != (reply.json() == null)) {
            throw new IllegalStateException("status " + status + " with body " + reply.json());
        }
    }
}
