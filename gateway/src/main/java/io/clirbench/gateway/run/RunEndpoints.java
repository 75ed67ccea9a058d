package io.clirbench.gateway.run;

import io.clirbench.gateway.client.EvalClient;
import io.clirbench.service.rest.ApiException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.sse.Sse;
import jakarta.ws.rs.sse.SseEventSink;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

/**
 * What the REST resources of every kind of run share (retrieval runs under {@code /api/runs}, QA runs under
 * {@code /api/qa-runs}): the 202 of a submission, pages with {@code X-Total-Count} and {@code Link}, the SSE stream,
 * and the eval-service's files proxied after the run is known. Not a resource: each resource builds one.
 */
public final class RunEndpoints {

    /** Header with the number of runs in all pages. */
    public static final String TOTAL_COUNT = "X-Total-Count";

    private final String path;
    private final String evalCollection;
    private final RunDirectory runs;
    private final EvalClient eval;
    private final RunEvents events;

    /**
     * @param path           the resource's path ({@code /api/runs})
     * @param evalCollection the eval-service's collection of the same runs ({@code /api/runs/})
     */
    public RunEndpoints(String path, String evalCollection, RunDirectory runs, EvalClient eval, RunEvents events) {
        this.path = path;
        this.evalCollection = evalCollection;
        this.runs = runs;
        this.eval = eval;
        this.events = events;
    }

    /** 202 with the run and its location. */
    public Response accepted(RunSnapshot run) {
        return Response.accepted(run).location(URI.create(path + "/" + run.id())).build();
    }

    /** One page, newest first: {@code limit} (default 100, 1..1000), {@code offset} (default 0); bad values 400 naming each. */
    public Response page(String limit, String offset) {
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

    private String link(int limit, int offset, String rel) {
        return "<" + path + "?limit=" + limit + "&offset=" + offset + ">; rel=\"" + rel + "\"";
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

    public RunSnapshot get(String id) {
        return runs.get(id);
    }

    public RunSnapshot cancel(String id) {
        return runs.cancel(id);
    }

    /** Streams the run's progress (404 first when there is no such run). */
    public void follow(String id, SseEventSink sink, Sse sse) {
        runs.get(id);
        events.follow(runs::get, id, sink, sse);
    }

    /** The eval-service's {@code COLLECTION/ID + suffix} (e.g. {@code /report}), proxied once the run is known here. */
    public Response proxy(String id, String suffix) {
        runs.get(id);
        return proxy(evalCollection + EvalClient.encode(id) + suffix);
    }

    /** A report file among {@code allowed}; another name is a 400 naming it. */
    public Response file(String id, String name, List<String> allowed) {
        runs.get(id);
        if (!allowed.contains(name)) {
            throw ApiException.badRequest("unknown report file '" + name + "'",
                    List.of(new ApiException.FieldError("name", name, "one of " + allowed)));
        }
        return proxy(id, "/files/" + name);
    }

    /**
     * The eval-service's {@code /ID/resource?param=member} of one of the run's retrievers (or QA systems); one the run
     * does not have is a 400 naming it and the run's.
     */
    public Response ofMember(String id, String resource, String param, String member) {
        RunSnapshot run = runs.get(id);
        if (member == null || run.retrievers().stream().noneMatch(r -> r.id().equals(member))) {
            throw ApiException.badRequest("unknown " + param + " '" + member + "' of run " + id,
                    List.of(new ApiException.FieldError(param, member, "one of "
                            + run.retrievers().stream().map(RunSnapshot.RetrieverSnapshot::id).toList())));
        }
        return proxy(id, "/" + resource + "?" + param + "=" + EvalClient.encode(member));
    }

    private Response proxy(String evalPath) {
        return proxied(eval, evalPath);
    }

    /** The eval-service's answer to a GET of {@code evalPath}, status, type and body as they are; 502 when unreachable. */
    public static Response proxied(EvalClient eval, String evalPath) {
        HttpResponse<byte[]> r;
        try {
            r = eval.get(evalPath);
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
