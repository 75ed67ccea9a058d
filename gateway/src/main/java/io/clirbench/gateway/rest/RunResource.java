package io.clirbench.gateway.rest;

import io.clirbench.core.report.ReportFiles;
import io.clirbench.gateway.client.EvalClient;
import io.clirbench.gateway.run.RunOrchestrator;
import io.clirbench.gateway.run.RunRequest;
import io.clirbench.gateway.run.RunService;
import io.clirbench.gateway.run.RunSnapshot;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Runs: submit, list, follow, cancel; reports and files proxied from the eval-service. */
@Path("/api/runs")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "runs")
public class RunResource {

    /** Header with the number of runs in all pages. */
    public static final String TOTAL_COUNT = RunEndpoints.TOTAL_COUNT;

    private final RunService runs;
    private final RunEndpoints endpoints;

    RunResource(RunService runs, EvalClient eval, RunEvents events) {
        this.runs = runs;
        this.endpoints = new RunEndpoints("/api/runs", RunOrchestrator.EVAL_COLLECTION, runs, eval, events);
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Submit a run (202; persisted QUEUED before any work; 400 problem+json with per-field errors)")
    public Response submit(RunRequest request) {
        return endpoints.accepted(runs.submit(request));
    }

    @GET
    @Operation(summary = "One page of runs, newest first: ?limit= (default 100, 1..1000) &offset= (default 0);"
            + " the body is the page's array, header X-Total-Count every run, Link rel=next/prev the neighbour pages")
    public Response list(@QueryParam("limit") String limit, @QueryParam("offset") String offset) {
        return endpoints.page(limit, offset);
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "One run with its progress and phase timings")
    public RunSnapshot get(@PathParam("id") String id) {
        return runs.get(id);
    }

    @POST
    @Path("/{id}/cancel")
    @Operation(summary = "Cancel a QUEUED or RUNNING run (publishes RunCompleted CANCELLED)")
    public RunSnapshot cancel(@PathParam("id") String id) {
        return runs.cancel(id);
    }

    @GET
    @Path("/{id}/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @Operation(summary = "Server-sent events: 'progress' (the run JSON) while it changes, at least every second, then 'end'")
    public void events(@PathParam("id") String id, @Context SseEventSink sink, @Context Sse sse) {
        endpoints.follow(id, sink, sse);
    }

    @GET
    @Path("/{id}/report")
    @Operation(summary = "The eval-service's report of the run (proxied)")
    public Response report(@PathParam("id") String id) {
        return endpoints.proxy(id, "/report");
    }

    @GET
    @Path("/{id}/files/{name}")
    @Produces(MediaType.WILDCARD)
    @Operation(summary = "A report file (bench-core ReportFiles.ALL: report.html, report.md, report.json, report.txt,"
            + " summary.csv, metrics.csv), proxied")
    public Response file(@PathParam("id") String id, @PathParam("name") String name) {
        return endpoints.file(id, name, ReportFiles.ALL);
    }

    @GET
    @Path("/{id}/trec")
    @Produces(MediaType.TEXT_PLAIN)
    @Operation(summary = "The run file of one retriever in TREC format (proxied)")
    public Response trec(@PathParam("id") String id, @QueryParam("retriever") String retriever) {
        return endpoints.ofMember(id, "trec", "retriever", retriever);
    }
}
