package io.clirbench.gateway.qa.rest;

import io.clirbench.core.qa.report.QaReportFiles;
import io.clirbench.gateway.client.EvalClient;
import io.clirbench.gateway.error.InvalidField;
import io.clirbench.gateway.error.RequestRejectedException;
import io.clirbench.gateway.qa.run.QaRunOrchestrator;
import io.clirbench.gateway.qa.run.QaRunRequest;
import io.clirbench.gateway.qa.run.QaRunService;
import io.clirbench.gateway.rest.ApiException;
import io.clirbench.gateway.rest.RunEvents;
import io.clirbench.gateway.run.RunSnapshot;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DefaultValue;
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
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
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
    private final EvalClient eval;
    private final RunEvents events;

    QaRunResource(QaRunService runs, EvalClient eval, RunEvents events) {
        this.runs = runs;
        this.eval = eval;
        this.events = events;
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
        RunSnapshot run = runs.submit(request);
        return Response.accepted(run).location(URI.create("/api/qa-runs/" + run.id())).build();
    }

    @GET
    @Operation(summary = "One page of QA runs, newest first")
    public List<RunSnapshot> list(@QueryParam("limit") @DefaultValue("100") int limit, @QueryParam("offset") @DefaultValue("0") int offset) {
        if (limit < 1 || limit > 1000 || offset < 0) {
            throw RequestRejectedException.invalid("invalid page: limit 1..1000, offset >= 0",
                    List.of(new InvalidField("limit", String.valueOf(limit), "1..1000")));
        }
        return runs.list(limit, offset).runs();
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
        runs.get(id);
        events.follow(runs::get, id, sink, sse);
    }

    @GET
    @Path("/{id}/report")
    @Operation(summary = "The eval-service's report.json of the QA run (proxied)")
    public Response report(@PathParam("id") String id) {
        runs.get(id);
        return proxy(QaRunOrchestrator.EVAL_COLLECTION + EvalClient.encode(id) + "/report");
    }

    @GET
    @Path("/{id}/files/{name}")
    @Produces(MediaType.WILDCARD)
    @Operation(summary = "A report file (report.json, report.md, report.html, summary.csv, per-example.csv, report.txt), proxied")
    public Response file(@PathParam("id") String id, @PathParam("name") String name) {
        runs.get(id);
        if (!FILES.contains(name)) {
            throw RequestRejectedException.invalid("unknown QA report file '" + name + "'", List.of(new InvalidField("name", name, "one of " + FILES)));
        }
        return proxy(QaRunOrchestrator.EVAL_COLLECTION + EvalClient.encode(id) + "/files/" + name);
    }

    @GET
    @Path("/{id}/instances")
    @Operation(summary = "Per-instance values of every system (JSON), proxied")
    public Response instances(@PathParam("id") String id) {
        runs.get(id);
        return proxy(QaRunOrchestrator.EVAL_COLLECTION + EvalClient.encode(id) + "/instances");
    }

    @GET
    @Path("/{id}/predictions")
    @Produces(MediaType.WILDCARD)
    @Operation(summary = "The stored predictions of one system as XHotpotQA JSONL, proxied")
    public Response predictions(@PathParam("id") String id, @QueryParam("system") String system) {
        RunSnapshot run = runs.get(id);
        if (system == null || run.retrievers().stream().noneMatch(r -> r.id().equals(system))) {
            throw RequestRejectedException.invalid("unknown system '" + system + "' of QA run " + id, List.of(new InvalidField("system",
                    system, "one of " + run.retrievers().stream().map(RunSnapshot.RetrieverSnapshot::id).toList())));
        }
        return proxy(QaRunOrchestrator.EVAL_COLLECTION + EvalClient.encode(id) + "/predictions?system=" + EvalClient.encode(system));
    }

    private Response proxy(String path) {
        HttpResponse<byte[]> r;
        try {
            r = eval.get(path);
        } catch (IOException e) {
            throw new ApiException(502, "Bad Gateway", "eval-service at " + eval.base() + " is not reachable: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException(503, "Service Unavailable", "interrupted");
        }
        String type = r.headers().firstValue("Content-Type").orElse(MediaType.APPLICATION_OCTET_STREAM);
        return Response.status(r.statusCode()).type(type).entity(r.body()).build();
    }
}
