package io.clirbench.gateway.agent;

import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * Agent runs over REST: open, inspect, the REST twin of the MCP tools (for agents without MCP), answers, close.
 * Errors are problem+json from the gateway's one mapper.
 */
@Path("/api/agent-runs")
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
public class AgentRunResource {

    /** The body of the REST search: the question and the agent's query. */
    public record SearchRequest(String queryId, String query) {
    }

    private final AgentSessions sessions;
    private final AgentTools tools;

    AgentRunResource(AgentSessions sessions, AgentTools tools) {
        this.sessions = sessions;
        this.tools = tools;
    }

    @POST
    public Response open(AgentRunRequest request) throws InterruptedException {
        AgentSession s = sessions.open(request);
        return Response.created(URI.create("/api/agent-runs/" + s.spec().id())).entity(AgentRunView.of(s, false)).build();
    }

    /** The run and its counts; {@code ?questions=true} adds the questions (what an agent works on). */
    @GET
    @Path("{id}")
    public AgentRunView get(@PathParam("id") String id, @QueryParam("questions") @DefaultValue("false") boolean questions) {
        return AgentRunView.of(sessions.get(id), questions);
    }

    @POST
    @Path("{id}/search")
    public List<SearchHit> search(@PathParam("id") String id, SearchRequest request) throws InterruptedException {
        return tools.search(id, request == null ? null : request.queryId(), request == null ? null : request.query());
    }

    @GET
    @Path("{id}/documents/{docid: .+}")
    public DocumentText document(@PathParam("id") String id, @PathParam("docid") String docid,
                                 @QueryParam("queryId") String queryId) {
        return tools.document(id, queryId, docid);
    }

    @POST
    @Path("{id}/answers")
    public Response answer(@PathParam("id") String id, AgentAnswerRequest answer) {
        tools.answer(id, answer);
        return Response.status(201).entity(Map.of("queryId", answer.queryId())).build();
    }

    @POST
    @Path("{id}/close")
    public AgentRunView close(@PathParam("id") String id) {
        return AgentRunView.of(tools.close(id), false);
    }
}
