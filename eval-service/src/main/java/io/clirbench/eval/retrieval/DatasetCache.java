package io.clirbench.eval.retrieval;

import io.clirbench.core.dataset.DatasetHash;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.dataset.LinkFreeTree;
import io.clirbench.core.eval.JudgedDataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.eval.config.EvalConfig;
import io.clirbench.eval.pipeline.PoisonEventException;
import io.clirbench.proto.events.v1.RunStarted;
import io.quarkus.logging.Log;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Datasets read from RunStarted's location, kept per (location, id, version, content hash), least recently used evicted.
 * When RunStarted names a {@code dataset_hash}, the files are hashed ({@link DatasetHash}) before and after they
 * are read and must match it: files changed since the gateway registered them (or changed while read) are refused
 * with a {@link Refused}, so no report is ever computed on other qrels than the run's. An entry is only ever
 * served under the hash its files had, so an edit in place cannot reach a run through the cache either.
 */
@ApplicationScoped
public class DatasetCache {

    /** The dataset's files cannot be read or are not the ones the run names: the run fails with this reason. */
    public static final class Refused extends PoisonEventException {
        Refused(String reason) {
            super(reason);
        }
    }

    private record Entry(JudgedDataset dataset, String hash) {
    }

    private final int capacity;
    private final Map<String, Entry> cache = new LinkedHashMap<>(16, 0.75f, true);

    public DatasetCache(EvalConfig config) {
        this.capacity = Math.max(1, config.datasetCacheSize());
    }

    /** The dataset a run names; a poison event when it cannot be read or is not the one named. */
    public JudgedDataset load(RunStarted started) {
        return entry(started).dataset();
    }

    /** The content hash of the files {@link #load} read for the run. */
    public String hash(RunStarted started) {
        return entry(started).hash();
    }

    private synchronized Entry entry(RunStarted started) {
        String location = started.getDatasetLocation();
        if (location.isBlank()) {
            throw new PoisonEventException("run '" + started.getRunId() + "': empty dataset_location");
        }
        String named = started.getDatasetHash();
        String key = String.join("\u0000", location, started.getDatasetId(), started.getDatasetVersion(), named);
        Entry cached = cache.get(key);
        if (cached != null) {
            return cached;
        }
        Entry entry = read(started, location);
        cache.put(key, entry);
        while (cache.size() > capacity) {
            cache.remove(cache.keySet().iterator().next());
        }
        return entry;
    }

    private static Entry read(RunStarted started, String location) {
        long start = System.nanoTime();
        String run = "run '" + started.getRunId() + "': ";
        Path dir = Path.of(location);
        io.clirbench.core.model.Dataset dataset;
        String before;
        String after;
        try {
            LinkFreeTree.check(dir); // no symbolic link or special file is followed (issue 28, finding 5)
            before = DatasetHash.of(dir);
            checkHash(started, run, location, before);
            dataset = DatasetReader.read(dir);
            after = DatasetHash.of(dir);
        } catch (Refused e) {
            throw e;
        } catch (RuntimeException e) {
            throw new Refused(run + "cannot read the dataset at dataset_location '" + location + "': " + e.getMessage());
        }
        if (!after.equals(before)) {
            throw new Refused(run + "the dataset files at '" + location + "' changed while they were read (" + before
                    + ", then " + after + ")");
        }
        DatasetInfo info = dataset.info();
        if (!info.id().equals(started.getDatasetId()) || !info.version().equals(started.getDatasetVersion())) {
            throw new PoisonEventException(run + "dataset_location '" + location + "' holds dataset '"
                    + info.id() + "' version '" + info.version() + "', but RunStarted names dataset '" + started.getDatasetId()
                    + "' version '" + started.getDatasetVersion() + "'");
        }
        Log.infof("dataset %s %s loaded from %s (%s): %d documents, %d queries (%.1f s)", info.id(), info.version(), location,
                before, dataset.corpus().size(), dataset.queries().size(), (System.nanoTime() - start) / 1e9);
        return new Entry(JudgedDataset.of(dataset), before);
    }

    private static void checkHash(RunStarted started, String run, String location, String actual) {
        String named = started.getDatasetHash();
        if (!named.isEmpty() && !named.equals(actual)) {
            throw new Refused(run + "the dataset files at '" + location + "' have content hash " + actual
                    + ", but the run was started on dataset '" + started.getDatasetId() + "' version '"
                    + started.getDatasetVersion() + "' with hash " + named + ": they changed since it was registered;"
                    + " refusing to evaluate against other files (register the changed files as a new version)");
        }
    }
}
