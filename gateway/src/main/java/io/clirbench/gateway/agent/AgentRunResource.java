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
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;

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
    private final AgentRunFiles files;

    AgentRunResource(AgentSessions sessions, AgentTools tools, AgentRunFiles files) {
        this.sessions = sessions;
        this.tools = tools;
        this.files = files;
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
        return sessions.view(id, questions);
    }

    /** The names of the run's report files and run directory at the eval-service; empty until it is evaluated. */
    @GET
    @Path("{id}/files")
    @Operation(summary = "The names of an agent run's files (report, evaluation summary, run directory); [] until evaluated")
    public List<String> fileNames(@PathParam("id") String id) {
        return files.names(id);
    }

    /** One of those files, proxied from the eval-service. */
    @GET
    @Path("{id}/files/{name: .+}")
    @Produces(MediaType.WILDCARD)
    @Operation(summary = "One file of an evaluated agent run (a name GET .../files lists), proxied from the eval-service")
    public Response file(@PathParam("id") String id, @PathParam("name") String name) {
        return files.file(id, name);
    }

    /** The top k as {@code [{docid, score, snippet}]}: the JSON the AgentCall event holds, sent as it is. */
    @POST
    @Path("{id}/search")
    @APIResponse(responseCode = "200", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(type = SchemaType.ARRAY, implementation = SearchHit.class)))
    public Response search(@PathParam("id") String id, SearchRequest request) throws InterruptedException {
        return json(tools.search(id, request == null ? null : request.queryId(), request == null ? null : request.query()));
    }

    /** The document as {@code {docid, text}}. */
    @GET
    @Path("{id}/documents/{docid: .+}")
    @APIResponse(responseCode = "200", content = @Content(mediaType = MediaType.APPLICATION_JSON,
            schema = @Schema(implementation = DocumentText.class)))
    public Response document(@PathParam("id") String id, @PathParam("docid") String docid,
                             @QueryParam("queryId") String queryId) {
        return json(tools.document(id, queryId, docid));
    }

    private static Response json(String body) {
        return Response.ok(body, MediaType.APPLICATION_JSON_TYPE.withCharset("UTF-8")).build();
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
