package io.clirbench.gateway.dataset;

import io.clirbench.gateway.error.RequestRejectedException;
import io.clirbench.gateway.run.RunLifecycle;
import io.clirbench.gateway.run.RunSnapshotStore;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * {@code DELETE /api/datasets/{id}}: removes the registration; deletes the files only when they were uploaded
 * into the gateway's data directory ({@code <data-dir>/datasets/...}), never a directory registered by path.
 * Refused (409, nothing changed) while a run on the dataset is QUEUED, RUNNING or EVALUATING.
 */
@ApplicationScoped
public class DatasetDeletion {

    private static final List<RunLifecycle> ACTIVE = List.of(RunLifecycle.QUEUED, RunLifecycle.RUNNING, RunLifecycle.EVALUATING);

    private final DatasetRegistry registry;
    private final DatasetStore store;
    private final RunSnapshotStore runs;

    DatasetDeletion(DatasetRegistry registry, DatasetStore store, RunSnapshotStore runs) {
        this.registry = registry;
        this.store = store;
        this.runs = runs;
    }

    /** What was removed. */
    public record Deleted(String id, String version, String location, boolean filesDeleted, String note) {
    }

    public Deleted delete(String id) {
        synchronized (registry) {
            DatasetRecord r = store.find(id).orElseThrow(() -> RequestRejectedException.notFound("no dataset '" + id + "'"));
            List<String> active = runs.inStates(ACTIVE, run -> run.dataset().equals(id)).stream()
                    .map(run -> run.id() + " (" + run.state() + ")").toList();
            if (!active.isEmpty()) {
                throw RequestRejectedException.conflict("dataset '" + id + "' is in use by run(s) " + String.join(", ", active)
                        + "; cancel them or wait until they end, then delete it");
            }
            boolean uploaded = registry.uploaded(r.location());
            store.delete(id);
            registry.forget(id);
            if (uploaded) {
                deleteTree(Path.of(r.location()));
            }
            return new Deleted(r.id(), r.version(), r.location(), uploaded, uploaded
                    ? "registration removed; the uploaded files under the gateway's data directory were deleted"
                    : "registration removed; the files at '" + r.location() + "' were registered by path and are left in place");
        }
    }

    /** Deletes {@code dir} and everything under it (nothing when it is gone); QA datasets' deletion uses it too. */
    public static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the registration of '" + dir + "' was removed, but deleting its files failed: "
                    + e.getMessage(), e);
        }
    }
}
