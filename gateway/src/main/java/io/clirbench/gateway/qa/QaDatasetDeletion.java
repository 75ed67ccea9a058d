package io.clirbench.gateway.qa;

import io.clirbench.gateway.config.GatewayConfig;
import io.clirbench.gateway.dataset.DatasetDeletion;
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
            DatasetDeletion.refuseWhileInUse("QA dataset '" + id + "'", "QA run(s)", runs.inStates(DatasetDeletion.ACTIVE,
                    run -> run.dataset().equals(id)).stream().map(run -> run.id() + " (" + run.state() + ")").toList());
        });
        boolean uploaded = uploaded(r.location());
        if (uploaded) {
            DatasetDeletion.deleteTree(Path.of(r.location()));
        }
        return DatasetDeletion.Deleted.of(r.id(), r.version(), r.location(), uploaded);
    }

    /** Whether {@code location} was unpacked from an upload (a directory under {@code <data-dir>/qa-datasets}). */
    private boolean uploaded(String location) {
        Path uploads = Path.of(config.dataDir()).toAbsolutePath().normalize().resolve("qa-datasets");
        Path path = Path.of(location).toAbsolutePath().normalize();
        return path.startsWith(uploads) && !path.equals(uploads);
    }
}
