package io.clirbench.gateway.dataset;

import io.clirbench.core.dataset.DatasetHash;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.model.Dataset;
import io.clirbench.gateway.config.GatewayConfig;
import io.clirbench.gateway.error.RequestRejectedException;
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

/**
 * Registers dataset directories (validated whole before anything is stored), pinned by the content hash of their
 * files ({@link DatasetHash}), and keeps them loaded. Re-registering the same id, version and directory with the
 * same hash is a no-op; with another hash it is refused (409): changed files need a new version. A run uses
 * {@link #pinned}, which checks the directory again ({@link DatasetRoots#checkStored}: no link, nothing outside the
 * roots), hashes the files again and refuses files that changed or vanished since registration.
 */
@ApplicationScoped
public class DatasetRegistry {

    private final DatasetStore store;
    private final GatewayConfig config;
    private final DatasetRoots roots;
    private final ZipUnpacker unpacker;
    private final Map<String, Pinned> loaded = new ConcurrentHashMap<>();

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

    /** A dataset as read from files whose content hash is {@code hash}. */
    public record Pinned(Dataset dataset, DatasetSummary summary, String location, String hash) {
    }

    /**
     * Registers an existing directory, named by a caller's text (checked by {@link DatasetRoots}: under a
     * root, no link leaving it); the same id, version, directory and content hash again is a no-op.
     */
    public synchronized Registration register(String path) {
        Path location = roots.resolve(path);
        Dataset dataset = DatasetReader.read(location);
        return record(dataset, location, DatasetHash.of(location));
    }

    /** Registers an uploaded zip: unpacked under the data directory, validated, then moved in place atomically. */
    public Registration upload(InputStream body) {
        Path dataDir = Path.of(config.dataDir()).toAbsolutePath();
        try (UploadedZip upload = UploadedZip.receive(body, dataDir, unpacker)) {
            Dataset dataset = upload.read(DatasetReader::read);
            String hash = upload.read(DatasetHash::of);
            Path target = UploadedZip.target(uploads(), dataset.info().id(), dataset.info().version());
            synchronized (this) {
                checkConflict(dataset, target, hash);
                upload.moveRootTo(target);
                return record(DatasetReader.read(target), target, DatasetHash.of(target));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("storing an upload failed: " + e.getClass().getSimpleName(), e);
        }
    }

    /** Where uploads are unpacked: {@code <data-dir>/datasets/<id>/<version>}. */
    Path uploads() {
        return Path.of(config.dataDir()).toAbsolutePath().resolve("datasets");
    }

    private Registration record(Dataset dataset, Path location, String hash) {
        Optional<DatasetRecord> existing = checkConflict(dataset, location, hash);
        DatasetSummary summary = DatasetSummary.of(dataset, location.toString(), hash);
        loaded.put(dataset.info().id(), new Pinned(dataset, summary, location.toString(), hash));
        if (existing.isPresent()) {
            if (existing.get().contentHash() == null) {
                store.pinHash(existing.get().id(), hash);
            }
            return new Registration(summary, false);
        }
        store.insert(new DatasetRecord(dataset.info().id(), dataset.info().version(), dataset.info().name(),
                location.toString(), dataset.corpus().size(), dataset.queries().size(), System.currentTimeMillis(), hash));
        return new Registration(summary, true);
    }

    private Optional<DatasetRecord> checkConflict(Dataset dataset, Path location, String hash) {
        Optional<DatasetRecord> existing = store.find(dataset.info().id());
        existing.ifPresent(r -> {
            if (!r.version().equals(dataset.info().version()) || !r.location().equals(location.toString())) {
                throw RequestRejectedException.conflict("dataset '" + r.id() + "' is already registered as version '" + r.version()
                        + "' at '" + r.location() + "'; refused version '" + dataset.info().version() + "' at '"
                        + location + "'");
            }
            if (r.contentHash() != null && !r.contentHash().equals(hash)) {
                throw RequestRejectedException.conflict(changed(r, hash) + "; give the changed files a new version "
                        + "(\"version\" in dataset.json) and register them after DELETE /api/datasets/" + r.id()
                        + ", or under a new id");
            }
        });
        return existing;
    }

    private static String changed(DatasetRecord r, String hash) {
        return "dataset '" + r.id() + "' version '" + r.version() + "' at '" + r.location() + "' was registered with content hash "
                + r.contentHash() + ", but its files now have content hash " + hash;
    }

    public List<DatasetRecord> list() {
        return store.list();
    }

    public Optional<DatasetRecord> find(String id) {
        return store.find(id);
    }

    /** What GET shows: the dataset as loaded (read on first use after a start), with its registered hash. */
    public DatasetSummary summary(String id) {
        DatasetRecord r = record(id);
        Pinned cached = loaded.get(id);
        if (cached != null && cached.hash().equals(r.contentHash())) {
            return cached.summary();
        }
        return pinned(id).summary();
    }

    /**
     * The dataset for a run: its files hashed now and read unless the loaded copy has that hash. Refused (409)
     * naming the path when the directory or a file is gone, and naming both hashes when the files changed since
     * registration: a run never reads other content than the registered one.
     */
    public Pinned pinned(String id) {
        DatasetRecord r = record(id);
        String hash;
        try {
            // links and special files are refused before any file is opened (issue 28, finding 5)
            roots.checkStored(Path.of(r.location()));
        } catch (RuntimeException e) {
            if (Files.exists(Path.of(r.location()), java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                throw RequestRejectedException.conflict("dataset '" + r.id() + "' version '" + r.version() + "' at '"
                        + r.location() + "' is refused: " + e.getMessage() + "; restore the registered files, or DELETE"
                        + " /api/datasets/" + r.id() + " and register it again");
            }
            // a directory that is gone is said below, by the hash, as it always was
        }
        try {
            hash = DatasetHash.of(Path.of(r.location()));
        } catch (RuntimeException e) {
            throw RequestRejectedException.conflict("dataset '" + r.id() + "' version '" + r.version()
                    + "' cannot be read at its registered location '" + r.location() + "' (deleted or moved?): "
                    + e.getMessage() + "; restore the files or DELETE /api/datasets/" + r.id() + " and register it again");
        }
        if (r.contentHash() != null && !r.contentHash().equals(hash)) {
            throw RequestRejectedException.conflict(changed(r, hash) + ": the run is refused (it would not measure the "
                    + "registered dataset); restore the files, or register the changed ones under a new version");
        }
        Pinned cached = loaded.get(id);
        if (cached != null && cached.hash().equals(hash)) {
            return cached;
        }
        Dataset d = DatasetReader.read(Path.of(r.location()));
        if (r.contentHash() == null) {
            store.pinHash(id, hash);
        }
        Pinned pinned = new Pinned(d, DatasetSummary.of(d, r.location(), hash), r.location(), hash);
        loaded.put(id, pinned);
        return pinned;
    }

    /** The dataset a run reads (see {@link #pinned}). */
    public Dataset dataset(String id) {
        return pinned(id).dataset();
    }

    private DatasetRecord record(String id) {
        return store.find(id).orElseThrow(() -> RequestRejectedException.notFound("no dataset '" + id + "'"));
    }

    /** Forgets the loaded copy of {@code id} (after its registration was removed). */
    void forget(String id) {
        loaded.remove(id);
    }

    /** Whether {@code location} was unpacked from an upload (a directory under {@code <data-dir>/datasets}). */
    boolean uploaded(String location) {
        Path path = Path.of(location).toAbsolutePath().normalize();
        return path.startsWith(uploads().normalize()) && !path.equals(uploads().normalize());
    }
}
