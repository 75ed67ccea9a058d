package io.clirbench.gateway.qa.rest;

import io.clirbench.core.qa.report.QaReportFiles;
import io.clirbench.gateway.client.EvalClient;
import io.clirbench.gateway.qa.run.QaRunOrchestrator;
import io.clirbench.gateway.qa.run.QaRunRequest;
import io.clirbench.gateway.qa.run.QaRunService;
import io.clirbench.gateway.rest.RunEndpoints;
import io.clirbench.gateway.rest.RunEvents;
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
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** QA runs: submit, list, follow (JSON or SSE), cancel; report, files, per-instance values and predictions proxied from the eval-service. */
@Path("/api/qa-runs")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "qa")
public class QaRunResource {

    /** Files the eval-service stores per QA run: bench qa eval's files plus report.txt (what bench qa run prints). */
    public static final List<String> FILES = files();

    private final QaRunService runs;
    private final RunEndpoints endpoints;

    QaRunResource(QaRunService runs, EvalClient eval, RunEvents events) {
        this.runs = runs;
        this.endpoints = new RunEndpoints("/api/qa-runs", QaRunOrchestrator.EVAL_COLLECTION, runs, eval, events);
    }

    private static List<String> files() {
        List<String> out = new ArrayList<>(QaReportFiles.NAMES);
        out.add("report.txt");
        return List.copyOf(out);
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Submit a QA run (202; persisted QUEUED before any work; 400 problem+json with per-field errors)")
    public Response submit(QaRunRequest request) {
        return endpoints.accepted(runs.submit(request));
    }

    @GET
    @Operation(summary = "One page of QA runs, newest first: ?limit= (default 100, 1..1000) &offset= (default 0);"
            + " the body is the page's array, header X-Total-Count every QA run, Link rel=next/prev the neighbour pages")
    public Response list(@QueryParam("limit") String limit, @QueryParam("offset") String offset) {
        return endpoints.page(limit, offset);
    }

    @GET
    @Path("/{id}")
    @Operation(summary = "One QA run with its progress and phase timings")
    public RunSnapshot get(@PathParam("id") String id) {
        return runs.get(id);
    }

    @POST
    @Path("/{id}/cancel")
    @Operation(summary = "Cancel a QUEUED or RUNNING QA run (publishes QaRunCompleted CANCELLED)")
    public RunSnapshot cancel(@PathParam("id") String id) {
        return runs.cancel(id);
    }

    @GET
    @Path("/{id}/events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @Operation(summary = "Server-sent events: 'progress' (the run JSON) while it changes, then 'end'")
    public void events(@PathParam("id") String id, @Context SseEventSink sink, @Context Sse sse) {
        endpoints.follow(id, sink, sse);
    }

    @GET
    @Path("/{id}/report")
    @Operation(summary = "The eval-service's report.json of the QA run (proxied)")
    public Response report(@PathParam("id") String id) {
        return endpoints.proxy(id, "/report");
    }

    @GET
    @Path("/{id}/files/{name}")
    @Produces(MediaType.WILDCARD)
    @Operation(summary = "A report file (report.json, report.md, report.html, summary.csv, per-example.csv, report.txt), proxied")
    public Response file(@PathParam("id") String id, @PathParam("name") String name) {
        return endpoints.file(id, name, FILES);
    }

    @GET
    @Path("/{id}/instances")
    @Operation(summary = "Per-instance values of every system (JSON), proxied")
    public Response instances(@PathParam("id") String id) {
        return endpoints.proxy(id, "/instances");
    }

    @GET
    @Path("/{id}/predictions")
    @Produces(MediaType.WILDCARD)
    @Operation(summary = "The stored predictions of one system as XHotpotQA JSONL, proxied")
    public Response predictions(@PathParam("id") String id, @QueryParam("system") String system) {
        return endpoints.ofMember(id, "predictions", "system", system);
    }
}
