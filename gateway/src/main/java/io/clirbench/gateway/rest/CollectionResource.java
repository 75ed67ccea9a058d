package io.clirbench.gateway.rest;

import io.clirbench.gateway.client.CollectionState;
import io.clirbench.gateway.client.IndexClient;
import io.clirbench.gateway.error.RequestRejectedException;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Index-service collections ({@code <dataset>__bm25}, {@code <dataset>__<model>__<index>}): drop one, so that the
 * next run fills it again. Runs rebuild a collection whose fingerprint differs anyway; this frees the space.
 */
@Path("/api/collections")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "collections")
public class CollectionResource {

    private final IndexClient index;

    CollectionResource(IndexClient index) {
        this.index = index;
    }

    /** What was dropped. */
    public record Dropped(String name, long count, long textCount, String fingerprint) {
    }

    @DELETE
    @Path("/{name}")
    @Operation(summary = "Drop an index-service collection (404 when there is none)")
    public Dropped delete(@PathParam("name") String name) {
        if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,127}")) {
            throw RequestRejectedException.invalid("collection name '" + name + "' must match [A-Za-z0-9][A-Za-z0-9._-]{0,127}",
                    java.util.List.of(new io.clirbench.gateway.error.InvalidField("name", name, "not a collection name")));
        }
        CollectionState state = index.describe(name)
                .orElseThrow(() -> RequestRejectedException.notFound("no collection '" + name + "' in the index-service at "
                        + index.target()));
        index.drop(name);
        return new Dropped(name, state.count(), state.textCount(), state.fingerprint());
    }
}
