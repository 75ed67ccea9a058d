package io.clirbench.gateway.agent.mcp;

import io.clirbench.gateway.agent.AgentSessions;
import io.clirbench.gateway.agent.AgentTools;
import io.modelcontextprotocol.common.McpTransportContext;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;

/**
 * MCP over streamable HTTP at {@code /mcp/RUN/QUERY}: the path scopes the session to one agent run and one of its
 * questions (BrowseComp-Plus's tools take only a query or a docid). An unknown run or query is a 404 problem before
 * the MCP layer sees the message; a message that is no valid JSON-RPC is a 400 whose body is a JSON-RPC error
 * ({@link McpTransport}), as the SDK's servlet transport answers. The server keeps no MCP session state, so GET (a
 * server stream) and DELETE answer 405, as the specification allows.
 */
@Path("/mcp/{run}/{query}")
public class McpResource {

    private final McpTools mcp;
    private final AgentSessions sessions;
    private final AgentTools tools;

    McpResource(McpTools mcp, AgentSessions sessions, AgentTools tools) {
        this.mcp = mcp;
        this.sessions = sessions;
        this.tools = tools;
    }

    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    public Response post(@PathParam("run") String run, @PathParam("query") String query, byte[] body) {
        tools.question(sessions.get(run), query);
        McpTransport.Reply reply = mcp.transport().handle(body, McpTransportContext.create(
                Map.of(McpTools.RUN, run, McpTools.QUERY, query)));
        return reply.json() == null ? Response.status(reply.status()).build()
                : Response.status(reply.status()).type(MediaType.APPLICATION_JSON).entity(reply.json()).build();
    }

    @GET
    public Response stream() {
        return Response.status(405).header("Allow", "POST").build();
    }

    @DELETE
    public Response end() {
        return Response.status(405).header("Allow", "POST").build();
    }
}
