package io.clirbench.gateway.dataset;

import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.model.Dataset;
import io.clirbench.gateway.config.GatewayConfig;
import io.clirbench.gateway.error.InvalidField;
import io.clirbench.gateway.error.RequestRejectedException;
import io.clirbench.gateway.store.DatasetRecord;
import io.clirbench.gateway.store.DatasetStore;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/** Registers dataset directories (validated whole before anything is stored) and keeps them loaded. */
@ApplicationScoped
public class DatasetRegistry {

    private final DatasetStore store;
    private final GatewayConfig config;
    private final DatasetRoots roots;
    private final ZipUnpacker unpacker;
    private final Map<String, Loaded> loaded = new ConcurrentHashMap<>();

    DatasetRegistry(DatasetStore store, GatewayConfig config, DatasetRoots roots, ZipUnpacker unpacker) {
        this.store = store;
        this.config = config;
        this.roots = roots;
        this.unpacker = unpacker;
    }

    /**
     * Makes the uploads' work directory {@code <data-dir>/tmp} at start and empties it: what an upload
     * interrupted by a crash left there is removed.
     */
    void onStart(@jakarta.enterprise.event.Observes io.quarkus.runtime.StartupEvent start) throws IOException {
        Path tmp = Files.createDirectories(Path.of(config.dataDir()).toAbsolutePath().resolve("tmp"));
        ZipUnpacker.clear(tmp);
    }

    /** Outcome of a registration: the summary, and whether it was new. */
    public record Registration(DatasetSummary summary, boolean created) {
    }

    private record Loaded(Dataset dataset, DatasetSummary summary) {
    }

    /**
     * Registers an existing directory, named by a caller's text (checked by {@link DatasetRoots}: under a
     * root, no link leaving it); the same id, version and directory again is a no-op.
     */
    public synchronized Registration register(String path) {
        Path location = roots.resolve(path);
        Dataset dataset = DatasetReader.read(location);
        return record(dataset, location);
    }

    /** Registers an uploaded zip: unpacked under the data directory, validated, then moved in place atomically. */
    public Registration upload(InputStream body) {
        Path dataDir = Path.of(config.dataDir()).toAbsolutePath();
        try (UploadedZip upload = UploadedZip.receive(body, dataDir, unpacker)) {
            Dataset dataset = DatasetReader.read(upload.root());
            Path target = UploadedZip.target(dataDir.resolve("datasets"), dataset.info().id(), dataset.info().version());
            synchronized (this) {
                checkConflict(dataset, target);
                upload.moveRootTo(target);
                return record(DatasetReader.read(target), target);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("storing an upload failed: " + e.getClass().getSimpleName(), e);
        }
    }

    private Registration record(Dataset dataset, Path location) {
        Optional<DatasetRecord> existing = checkConflict(dataset, location);
        DatasetSummary summary = DatasetSummary.of(dataset, location.toString());
        loaded.put(dataset.info().id(), new Loaded(dataset, summary));
        if (existing.isPresent()) {
            return new Registration(summary, false);
        }
        store.insert(new DatasetRecord(dataset.info().id(), dataset.info().version(), dataset.info().name(),
                location.toString(), dataset.corpus().size(), dataset.queries().size(), System.currentTimeMillis()));
        return new Registration(summary, true);
    }

    private Optional<DatasetRecord> checkConflict(Dataset dataset, Path location) {
        Optional<DatasetRecord> existing = store.find(dataset.info().id());
        existing.ifPresent(r -> {
            if (!r.version().equals(dataset.info().version()) || !r.location().equals(location.toString())) {
                throw RequestRejectedException.conflict("dataset '" + r.id() + "' is already registered as version '" + r.version()
                        + "' at '" + r.location() + "'; refused version '" + dataset.info().version() + "' at '"
                        + location + "'");
            }
        });
        return existing;
    }

    public List<DatasetRecord> list() {
        return store.list();
    }

    public Optional<DatasetRecord> find(String id) {
        return store.find(id);
    }

    public DatasetSummary summary(String id) {
        return load(id).summary();
    }

    /** The dataset, read from its directory on first use after a start. */
    public Dataset dataset(String id) {
        return load(id).dataset();
    }

    private Loaded load(String id) {
        DatasetRecord r = store.find(id).orElseThrow(() -> RequestRejectedException.notFound("no dataset '" + id + "'"));
        return loaded.computeIfAbsent(id, k -> {
            Dataset d = DatasetReader.read(Path.of(r.location()));
            return new Loaded(d, DatasetSummary.of(d, r.location()));
        });
    }
}
