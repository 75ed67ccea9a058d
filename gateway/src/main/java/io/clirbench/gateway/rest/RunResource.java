package io.clirbench.gateway.rest;

import io.clirbench.core.report.ReportFiles;
import io.clirbench.gateway.client.EvalClient;
import io.clirbench.gateway.run.RunPage;
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
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Runs: submit, list, follow, cancel; reports and files proxied from the eval-service. */
@Path("/api/runs")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "runs")
public class RunResource {

    private final RunService runs;
    private final EvalClient eval;
    private final RunEvents events;

    RunResource(RunService runs, EvalClient eval, RunEvents events) {
        this.runs = runs;
        this.eval = eval;
        this.events = events;
    }

    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Submit a run (202; persisted QUEUED before any work; 400 problem+json with per-field errors)")
    public Response submit(RunRequest request) {
        RunSnapshot run = runs.submit(request);
        return Response.accepted(run).location(URI.create("/api/runs/" + run.id())).build();
    }

    /** Header with the number of runs in all pages. */
    public static final String TOTAL_COUNT = "X-Total-Count";

    @GET
    @Operation(summary = "One page of runs, newest first: ?limit= (default 100, 1..1000) &offset= (default 0);"
            + " the body is the page's array, header X-Total-Count every run, Link rel=next/prev the neighbour pages")
    public Response list(@QueryParam("limit") String limit, @QueryParam("offset") String offset) {
        List<ApiException.FieldError> errors = new ArrayList<>();
        int size = intParam("limit", limit, RunPage.DEFAULT_LIMIT, 1, RunPage.MAX_LIMIT, errors);
        int skip = intParam("offset", offset, 0, 0, Integer.MAX_VALUE, errors);
        if (!errors.isEmpty()) {
            throw ApiException.badRequest("invalid page: " + errors.stream()
                    .map(e -> e.field() + " '" + e.value() + "' " + e.message()).reduce((a, b) -> a + "; " + b).orElse(""),
                    errors);
        }
        RunPage page = runs.list(size, skip);
        Response.ResponseBuilder ok = Response.ok(page.runs()).header(TOTAL_COUNT, page.total());
        List<String> links = new ArrayList<>();
        if (page.hasNext()) {
            links.add(link(size, skip + size, "next"));
        }
        if (skip > 0) {
            links.add(link(size, Math.max(0, skip - size), "prev"));
        }
        return links.isEmpty() ? ok.build() : ok.header("Link", String.join(", ", links)).build();
    }

    private static String link(int limit, int offset, String rel) {
        return "</api/runs?limit=" + limit + "&offset=" + offset + ">; rel=\"" + rel + "\"";
    }

    private static int intParam(String name, String text, int fallback, int min, int max,
                                List<ApiException.FieldError> errors) {
        if (text == null || text.isEmpty()) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(text);
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        errors.add(new ApiException.FieldError(name, text, max == Integer.MAX_VALUE
                ? "must be an integer >= " + min : "must be an integer in " + min + ".." + max));
        return fallback;
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
        runs.get(id);
        events.follow(id, sink, sse);
    }

    @GET
    @Path("/{id}/report")
    @Operation(summary = "The eval-service's report of the run (proxied)")
    public Response report(@PathParam("id") String id) {
        runs.get(id);
        return proxy("/api/runs/" + EvalClient.encode(id) + "/report");
    }

    @GET
    @Path("/{id}/files/{name}")
    @Produces(MediaType.WILDCARD)
    @Operation(summary = "A report file (bench-core ReportFiles.ALL: report.html, report.md, report.json, report.txt,"
            + " summary.csv, metrics.csv), proxied")
    public Response file(@PathParam("id") String id, @PathParam("name") String name) {
        runs.get(id);
        if (!ReportFiles.isReportFile(name)) {
            throw ApiException.badRequest("unknown report file '" + name + "'",
                    List.of(new ApiException.FieldError("name", name, "one of " + ReportFiles.ALL)));
        }
        return proxy("/api/runs/" + EvalClient.encode(id) + "/files/" + name);
    }

    @GET
    @Path("/{id}/trec")
    @Produces(MediaType.TEXT_PLAIN)
    @Operation(summary = "The run file of one retriever in TREC format (proxied)")
    public Response trec(@PathParam("id") String id, @QueryParam("retriever") String retriever) {
        RunSnapshot run = runs.get(id);
        if (retriever == null || run.retrievers().stream().noneMatch(r -> r.id().equals(retriever))) {
            throw ApiException.badRequest("unknown retriever '" + retriever + "' of run " + id,
                    List.of(new ApiException.FieldError("retriever", retriever, "one of "
                            + run.retrievers().stream().map(RunSnapshot.RetrieverSnapshot::id).toList())));
        }
        return proxy("/api/runs/" + EvalClient.encode(id) + "/trec?retriever=" + EvalClient.encode(retriever));
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
