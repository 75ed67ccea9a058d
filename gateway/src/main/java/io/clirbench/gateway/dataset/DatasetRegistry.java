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
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** Registers dataset directories (validated whole before anything is stored) and keeps them loaded. */
@ApplicationScoped
public class DatasetRegistry {

    /** Ids and versions become directory names of uploads. */
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._+-]{0,127}");

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
        Path tmp = null;
        try {
            Files.createDirectories(dataDir.resolve("tmp"));
            tmp = Files.createTempDirectory(dataDir.resolve("tmp"), "upload-");
            Path unpacked = unpacker.unpack(body, tmp);
            Path root = ZipUnpacker.datasetRoot(unpacked);
            Dataset dataset = DatasetReader.read(root);
            String id = dataset.info().id();
            String version = dataset.info().version();
            for (String[] field : new String[][] {{"id", id}, {"version", version}}) {
                if (field[1] == null || !SAFE.matcher(field[1]).matches()) {
                    throw RequestRejectedException.invalid("dataset.json " + field[0] + " '" + field[1] + "' must match "
                            + SAFE.pattern() + " to name a directory",
                            List.of(new InvalidField("dataset.json " + field[0], field[1], "unsafe as a directory name")));
                }
            }
            Path target = dataDir.resolve("datasets").resolve(id).resolve(version);
            synchronized (this) {
                checkConflict(dataset, target);
                if (!Files.exists(target)) {
                    Files.createDirectories(target.getParent());
                    Files.move(root, target, StandardCopyOption.ATOMIC_MOVE);
                }
                return record(DatasetReader.read(target), target);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("storing an upload failed: " + e.getClass().getSimpleName(), e);
        } finally {
            deleteQuietly(tmp);
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

    private static void deleteQuietly(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // a leftover temp directory is harmless
        }
    }
}
