package io.clirbench.gateway.run;

import io.clirbench.gateway.collection.RunCollectionResource;
import io.clirbench.core.report.ReportFiles;
import io.clirbench.gateway.client.EvalClient;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Runs: submit, list, follow, cancel; reports and files (bench-core ReportFiles.RETRIEVAL: report.html, report.md,
 * report.json, report.txt, summary.csv, metrics.csv) and TREC run files proxied from the eval-service.
 */
@Path("/api/runs")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "runs")
public class RunResource extends RunCollectionResource {

    /** Header with the number of runs in all pages. */
    public static final String TOTAL_COUNT = RunEndpoints.TOTAL_COUNT;

    private final RunService runs;

    RunResource(RunService runs, EvalClient eval, RunEvents events) {
        super(new RunEndpoints("/api/runs", RunOrchestrator.EVAL_COLLECTION, runs.runs(), eval, events), ReportFiles.RETRIEVAL);
        this.runs = runs;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Submit a run (202; persisted QUEUED before any work; 400 problem+json with per-field errors)")
    public Response submit(RunRequest request) {
        return endpoints().accepted(runs.submit(request));
    }

    @POST
    @Path("/{id}/reevaluate")
    @Operation(summary = "Evaluate a COMPLETED or FAILED run again from the results the eval-service kept, without searching"
            + " again (202 with the run, EVALUATING, watched until it ends; 404 unknown run; 409 problem+json naming the state,"
            + " or passing on the eval-service's refusal; 503 when the eval-service cannot be reached: nothing changed)")
    public Response reevaluate(@PathParam("id") String id) {
        return endpoints().accepted(runs.reevaluate(id));
    }

    @GET
    @Path("/{id}/trec")
    @Produces(MediaType.TEXT_PLAIN)
    @Operation(summary = "The run file of one retriever in TREC format (proxied)")
    public Response trec(@PathParam("id") String id, @QueryParam("retriever") String retriever) {
        return endpoints().ofMember(id, "trec", "retriever", retriever);
    }
}
