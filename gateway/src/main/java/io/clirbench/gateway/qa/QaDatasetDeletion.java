package io.clirbench.gateway.qa;

import io.clirbench.gateway.config.GatewayConfig;
import io.clirbench.gateway.dataset.DatasetDeletion;
import io.clirbench.gateway.error.RequestRejectedException;
import io.clirbench.gateway.run.RunLifecycle;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code DELETE /api/qa-datasets/{id}}, as retrieval datasets' {@link DatasetDeletion}: removes the registration; deletes
 * the files only when they were uploaded into the gateway's data directory ({@code <data-dir>/qa-datasets/ID/VERSION}),
 * never a directory registered by path. Refused (409, nothing changed) while a QA run on the dataset is QUEUED, RUNNING
 * or EVALUATING; 404 for an id not registered.
 */
@ApplicationScoped
public class QaDatasetDeletion {

    private static final List<RunLifecycle> ACTIVE = List.of(RunLifecycle.QUEUED, RunLifecycle.RUNNING, RunLifecycle.EVALUATING);

    private final QaDatasetStore datasets;
    private final QaRunStore runs;
    private final GatewayConfig config;

    QaDatasetDeletion(QaDatasetStore datasets, QaRunStore runs, GatewayConfig config) {
        this.datasets = datasets;
        this.runs = runs;
        this.config = config;
    }

    public DatasetDeletion.Deleted delete(String id) {
        QaDatasetRecord r = datasets.remove(id, record -> {
            List<String> active = runs.inStates(ACTIVE, run -> run.dataset().equals(id)).stream()
                    .map(run -> run.id() + " (" + run.state() + ")").toList();
            if (!active.isEmpty()) {
                throw RequestRejectedException.conflict("QA dataset '" + id + "' is in use by QA run(s) " + String.join(", ", active)
                        + "; cancel them or wait until they end, then delete it");
            }
        });
        boolean uploaded = uploaded(r.location());
        if (uploaded) {
            DatasetDeletion.deleteTree(Path.of(r.location()));
        }
        return new DatasetDeletion.Deleted(r.id(), r.version(), r.location(), uploaded, uploaded
                ? "registration removed; the uploaded files under the gateway's data directory were deleted"
                : "registration removed; the files at '" + r.location() + "' were registered by path and are left in place");
    }

    /** Whether {@code location} was unpacked from an upload (a directory under {@code <data-dir>/qa-datasets}). */
    private boolean uploaded(String location) {
        Path uploads = Path.of(config.dataDir()).toAbsolutePath().normalize().resolve("qa-datasets");
        Path path = Path.of(location).toAbsolutePath().normalize();
        return path.startsWith(uploads) && !path.equals(uploads);
    }
}
