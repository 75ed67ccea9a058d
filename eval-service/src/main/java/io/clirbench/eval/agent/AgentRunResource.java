package io.clirbench.eval.agent;

import com.google.protobuf.InvalidProtocolBufferException;
import io.clirbench.eval.pipeline.EvaluationKind;
import io.clirbench.eval.pipeline.ReportFileStore;
import io.clirbench.service.rest.ApiException;
import io.clirbench.service.store.Database;
import io.clirbench.proto.agent.v1.AgentRunClosed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;

/**
 * Agent runs: the list, one run's counts, its report files ({@code report.json}, ...) and its run directory
 * ({@code run/run_<query>.json}, a BrowseComp-Plus run directory that {@code bench agent eval} reads).
 */
@Path("/api/agent-runs")
public class AgentRunResource {

    private final Database db;
    private final AgentEvalStore store;
    private final ReportFileStore files;

    public AgentRunResource(Database db, AgentEvalStore store, ReportFileStore files) {
        this.db = db;
        this.store = store;
        this.files = files;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, String> list() {
        return db.inTransaction(store::states);
    }

    @GET
    @Path("/{id}")
    @Produces(MediaType.APPLICATION_JSON)
    public AgentRunView get(@PathParam("id") String id) {
        return db.inTransaction(c -> {
            AgentEvalStore.RunRow row = store.run(c, id).orElseThrow(() -> ApiException.notFound("no agent run '" + id + "'"));
            AgentRunClosed closed = null;
            if (row.closed() != null) {
                try {
                    closed = AgentRunClosed.parseFrom(row.closed());
                } catch (InvalidProtocolBufferException e) {
                    throw new IllegalStateException(e);
                }
            }
            List<String> names = files.names(c, EvaluationKind.AGENT, id);
            return new AgentRunView(id, row.state().name(), row.message(), row.opened() != null, closed != null,
                    store.count(c, "calls", id), store.count(c, "answers", id), closed == null ? null : closed.getCalls(),
                    closed == null ? null : closed.getAnswers(), names);
        });
    }

    @GET
    @Path("/{id}/files/{name: .+}")
    public Response file(@PathParam("id") String id, @PathParam("name") String name) {
        String content = db.inTransaction(c -> files.find(c, EvaluationKind.AGENT, id, name)).orElseThrow(() -> ApiException.notFound(
                "agent run '" + id + "' has no file '" + name + "' (files exist once the run is closed and evaluated)"));
        String type = name.endsWith(".json") ? MediaType.APPLICATION_JSON : name.endsWith(".html") ? MediaType.TEXT_HTML
                : name.endsWith(".csv") ? "text/csv" : "text/markdown";
        return Response.ok(content, type + ";charset=UTF-8").build();
    }
}
