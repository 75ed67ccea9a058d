package io.clirbench.gateway.collection;

import io.clirbench.gateway.client.CollectionState;
import io.clirbench.gateway.client.IndexClient;
import io.clirbench.gateway.error.RequestRejectedException;
import io.clirbench.gateway.retriever.CollectionNames;
import io.clirbench.gateway.run.RunLifecycle;
import io.clirbench.gateway.run.RunSnapshotStore;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Index-service collections ({@code <dataset>__bm25}, {@code <dataset>__<model>__<index>}): drop one, so that the
 * next run fills it again. Runs rebuild a collection whose fingerprint differs anyway; this frees the space.
 * Refused (409, nothing dropped) while a retrieval run on the collection's dataset (the name's first part) is QUEUED or
 * RUNNING: such a run fills or searches its dataset's collections.
 */
@Path("/api/collections")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "collections")
public class CollectionResource {

    private static final List<RunLifecycle> USING_COLLECTIONS = List.of(RunLifecycle.QUEUED, RunLifecycle.RUNNING);

    private final IndexClient index;
    private final RunSnapshotStore runs;

    CollectionResource(IndexClient index, RunSnapshotStore runs) {
        this.index = index;
        this.runs = runs;
    }

    /** What was dropped. */
    public record Dropped(String name, long count, long textCount, String fingerprint) {
    }

    @DELETE
    @Path("/{name}")
    @Operation(summary = "Drop an index-service collection (404 when there is none, 409 while a retrieval run on its dataset is queued or running)")
    public Dropped delete(@PathParam("name") String name) {
        if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,127}")) {
            throw RequestRejectedException.invalid("collection name '" + name + "' must match [A-Za-z0-9][A-Za-z0-9._-]{0,127}",
                    java.util.List.of(new io.clirbench.gateway.error.InvalidField("name", name, "not a collection name")));
        }
        List<String> active = runs.inStates(USING_COLLECTIONS, run -> name.startsWith(CollectionNames.of(run.dataset()) + "__"))
                .stream().map(run -> run.id() + " (" + run.state() + ", dataset '" + run.dataset() + "')").toList();
        if (!active.isEmpty()) {
            throw RequestRejectedException.conflict("collection '" + name + "' belongs to a dataset in use by run(s) "
                    + String.join(", ", active) + "; cancel them or wait until they end, then drop it");
        }
        CollectionState state = index.describe(name)
                .orElseThrow(() -> RequestRejectedException.notFound("no collection '" + name + "' in the index-service at "
                        + index.target()));
        index.drop(name);
        return new Dropped(name, state.count(), state.textCount(), state.fingerprint());
    }
}
