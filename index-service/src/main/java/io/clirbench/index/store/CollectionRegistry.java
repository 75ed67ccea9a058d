package io.clirbench.index.store;

import io.clirbench.index.search.ExactSearcher;
import io.clirbench.index.store.exact.ExactStore;
import io.clirbench.index.store.hnsw.HnswStore;
import io.clirbench.index.store.qdrant.QdrantStore;
import io.qdrant.client.QdrantClient;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * All collections of the service, each in {@code <data-dir>/<name>/} ({@code collection.properties},
 * {@code exact/} or {@code hnsw/}, {@code bm25/}). Opening the registry reopens every collection found
 * there, so a restart finds everything stored before it. Framework-free; the gRPC service wraps it.
 */
public final class CollectionRegistry implements AutoCloseable {

    /** Prefix of a dropped collection's directory until it is deleted (collection names never start with '.'). */
    static final String TOMBSTONE_PREFIX = ".dropped-";
    private static final String NO_QDRANT = "kind QDRANT needs a Qdrant server: set index.qdrant.host";

    private final Path dataDir;
    private final ExactSearcher searcher;
    private final int searchThreads;
    private final Supplier<QdrantClient> qdrant;
    private final Duration qdrantTimeout;
    private final Map<String, Collection> collections = new ConcurrentHashMap<>();

    /**
     * @param qdrant supplies the shared Qdrant client, or {@code null} when no Qdrant server is configured
     */
    public CollectionRegistry(Path dataDir, ExactSearcher searcher, int searchThreads, Supplier<QdrantClient> qdrant,
                              Duration qdrantTimeout) {
        this.dataDir = dataDir;
        this.searcher = searcher;
        this.searchThreads = searchThreads;
        this.qdrant = qdrant;
        this.qdrantTimeout = qdrantTimeout;
        try {
            Files.createDirectories(dataDir);
            deleteTombstones();
            try (Stream<Path> dirs = Files.list(dataDir)) {
                for (Path dir : dirs.filter(d -> Files.isRegularFile(d.resolve(CollectionMeta.FILE))).toList()) {
                    CollectionSpec spec = CollectionMeta.read(dir);
                    if (spec.kind() == StoreKind.QDRANT && qdrant == null) {
                        // keep the service up: this collection fails with FAILED_PRECONDITION until a server is configured
                        collections.put(spec.name(), new Collection(spec, dir, null, NO_QDRANT));
                    } else {
                        collections.put(spec.name(), new Collection(spec, dir, open(spec, dir, false)));
                    }
                }
            }
        } catch (IOException e) {
            throw new StoreFailureException(dataDir + ": cannot open data directory: " + e.getMessage(), e);
        }
    }

    public Path dataDir() {
        return dataDir;
    }

    /** Creates a collection; {@link CollectionExistsException} when the name is taken. */
    public synchronized Collection create(CollectionSpec spec) {
        if (collections.containsKey(spec.name())) {
            throw new CollectionExistsException("collection '" + spec.name() + "' already exists");
        }
        if (spec.kind() == StoreKind.HNSW) {
            HnswStore.checkCreatable(spec); // before anything is written
        }
        Path dir = dataDir.resolve(spec.name());
        // not registered, so a leftover (a create that crashed before its spec was written): start clean
        deleteTree(dir);
        VectorStore store = open(spec, dir, true);
        CollectionMeta.write(dir, spec);
        Collection c = new Collection(spec, dir, store);
        collections.put(spec.name(), c);
        return c;
    }

    public Collection get(String name) {
        Collection c = collections.get(name);
        if (c == null) {
            throw new CollectionNotFoundException("unknown collection '" + name + "'");
        }
        return c;
    }

    public List<CollectionSpec> list() {
        return collections.values().stream().map(Collection::spec).sorted(Comparator.comparing(CollectionSpec::name)).toList();
    }

    /**
     * Drops a collection and deletes its data (and its Qdrant collection); false when it did not exist. The
     * directory is first renamed atomically to a tombstone ({@value #TOMBSTONE_PREFIX}name-nanotime), so a
     * crash while deleting never leaves a half-deleted collection that a restart would load; tombstones
     * are deleted at startup.
     */
    public synchronized boolean drop(String name) {
        Collection c = collections.remove(name);
        if (c == null) {
            return false;
        }
        if (c.spec().kind() == StoreKind.QDRANT && c.hasVectorStore()) {
            c.vectors().drop(); // the remote collection
        }
        c.close();
        if (Files.exists(c.dir())) {
            Path tombstone = dataDir.resolve(TOMBSTONE_PREFIX + name + "-" + System.nanoTime());
            try {
                Files.move(c.dir(), tombstone, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw new StoreFailureException(c.dir() + ": cannot rename to " + tombstone + ": " + e.getMessage(), e);
            }
            Fsync.directory(dataDir);
            deleteTree(tombstone);
        }
        return true;
    }

    private void deleteTombstones() throws IOException {
        try (Stream<Path> dirs = Files.list(dataDir)) {
            for (Path d : dirs.filter(d -> d.getFileName().toString().startsWith(TOMBSTONE_PREFIX)).toList()) {
                deleteTree(d);
            }
        }
    }

    private VectorStore open(CollectionSpec spec, Path dir, boolean create) {
        return switch (spec.kind()) {
            case EXACT -> switch (spec.representation()) {
                case DENSE -> new ExactStore(spec, dir.resolve("exact"), searcher, searchThreads);
                case SPARSE -> new io.clirbench.index.store.sparse.SparseStore(spec, dir.resolve("sparse"));
                case MULTIVECTOR -> new io.clirbench.index.store.multivector.MultiVectorStore(spec, dir.resolve("multivector"));
            };
            case HNSW -> new HnswStore(spec, dir.resolve("hnsw"));
            case QDRANT -> {
                if (qdrant == null) {
                    throw new UnsupportedByKindException(NO_QDRANT);
                }
                yield create ? QdrantStore.create(spec, qdrant.get(), qdrantTimeout)
                        : QdrantStore.attach(spec, qdrant.get(), qdrantTimeout);
            }
            case BM25 -> null;
        };
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            List<Path> paths = new ArrayList<>(walk.toList());
            paths.sort(Comparator.reverseOrder());
            for (Path p : paths) {
                Files.deleteIfExists(p);
            }
        } catch (IOException e) {
            throw new StoreFailureException(dir + ": cannot delete: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        collections.values().forEach(Collection::close);
        collections.clear();
    }
}
