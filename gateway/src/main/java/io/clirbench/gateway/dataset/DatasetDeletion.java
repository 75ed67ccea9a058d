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

    /** The states of a run that holds its dataset: deletion waits until none is left (QA datasets' deletion too). */
    public static final List<RunLifecycle> ACTIVE = List.of(RunLifecycle.QUEUED, RunLifecycle.RUNNING, RunLifecycle.EVALUATING);

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

        /** The answer for a removed registration whose files were deleted ({@code filesDeleted}) or left in place. */
        public static Deleted of(String id, String version, String location, boolean filesDeleted) {
            return new Deleted(id, version, location, filesDeleted, filesDeleted
                    ? "registration removed; the uploaded files under the gateway's data directory were deleted"
                    : "registration removed; the files at '" + location + "' were registered by path and are left in place");
        }
    }

    /**
     * Refuses (409) the deletion of {@code dataset} (e.g. "dataset 'x'") while {@code activeRuns} (each "ID (STATE)") hold
     * it; {@code runs} names them ("run(s)").
     */
    public static void refuseWhileInUse(String dataset, String runs, List<String> activeRuns) {
        if (!activeRuns.isEmpty()) {
            throw RequestRejectedException.conflict(dataset + " is in use by " + runs + " " + String.join(", ", activeRuns)
                    + "; cancel them or wait until they end, then delete it");
        }
    }

    public Deleted delete(String id) {
        synchronized (registry) {
            DatasetRecord r = store.find(id).orElseThrow(() -> RequestRejectedException.notFound("no dataset '" + id + "'"));
            refuseWhileInUse("dataset '" + id + "'", "run(s)", runs.inStates(ACTIVE, run -> run.dataset().equals(id)).stream()
                    .map(run -> run.id() + " (" + run.state() + ")").toList());
            boolean uploaded = registry.uploaded(r.location());
            store.delete(id);
            registry.forget(id);
            if (uploaded) {
                deleteTree(Path.of(r.location()));
            }
            return Deleted.of(r.id(), r.version(), r.location(), uploaded);
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
