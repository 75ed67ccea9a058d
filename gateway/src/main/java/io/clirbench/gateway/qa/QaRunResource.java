package io.clirbench.gateway.qa;

import io.clirbench.core.report.ReportFiles;
import io.clirbench.gateway.client.EvalClient;
import io.clirbench.gateway.collection.RunCollectionResource;
import io.clirbench.gateway.run.RunEndpoints;
import io.clirbench.gateway.run.RunEvents;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * QA runs: submit, list, follow (JSON or SSE), cancel (the endpoints of every run collection); report, files
 * ({@link #FILES}), per-instance values and predictions proxied from the eval-service.
 */
@Path("/api/qa-runs")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "qa")
public class QaRunResource extends RunCollectionResource {

    /** Files the eval-service stores per QA run: bench qa eval's files plus report.txt (what bench qa run prints). */
    public static final List<String> FILES = ReportFiles.QA;

    private final QaRunService runs;

    QaRunResource(QaRunService runs, EvalClient eval, RunEvents events) {
        super(new RunEndpoints("/api/qa-runs", QaRunOrchestrator.EVAL_COLLECTION, runs.runs(), eval, events), FILES);
        this.runs = runs;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Submit a QA run (202; persisted QUEUED before any work; 400 problem+json with per-field errors)")
    public Response submit(QaRunRequest request) {
        return endpoints().accepted(runs.submit(request));
    }

    @GET
    @Path("/{id}/instances")
    @Operation(summary = "Per-instance values of every system (JSON), proxied")
    public Response instances(@PathParam("id") String id) {
        return endpoints().proxy(id, "/instances");
    }

    @GET
    @Path("/{id}/predictions")
    @Produces(MediaType.WILDCARD)
    @Operation(summary = "The stored predictions of one system as XHotpotQA JSONL, proxied")
    public Response predictions(@PathParam("id") String id, @QueryParam("system") String system) {
        return endpoints().ofMember(id, "predictions", "system", system);
    }
}
