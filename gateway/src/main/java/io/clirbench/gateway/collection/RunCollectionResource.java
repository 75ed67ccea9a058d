package io.clirbench.gateway.collection;

import io.clirbench.gateway.run.RunEndpoints;
import io.clirbench.gateway.run.RunSnapshot;
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
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * The endpoints every collection of runs has (retrieval runs, QA runs): pages, one run, cancel, the SSE stream, the
 * report and its files proxied from the eval-service. A subclass adds the {@code @Path}, its submission and its own
 * proxied resources.
 */
public abstract class RunCollectionResource {

    private final RunEndpoints endpoints;
    private final List<String> files;

    /** {@code files}: the report files the eval-service keeps for this kind of run. */
    protected RunCollectionResource(RunEndpoints endpoints, List<String> files) {
        this.endpoints = endpoints;
        this.files = files;
    }

    /** The shared helpers, for the subclass's own endpoints. */
    protected RunEndpoints endpoints() {
        return endpoints;
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
        return endpoints.get(id);
    }

    @POST
    @Path("/{id}/cancel")
    @Operation(summary = "Cancel a QUEUED or RUNNING run (publishes its completion event CANCELLED)")
    public RunSnapshot cancel(@PathParam("id") String id) {
        return endpoints.cancel(id);
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
    @Operation(summary = "A report file of the run, proxied (the kind's README lists them)")
    public Response file(@PathParam("id") String id, @PathParam("name") String name) {
        return endpoints.file(id, name, files);
    }
}
