package io.clirbench.eval.evaluation;

import io.clirbench.core.eval.JudgedDataset;
import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.eval.config.EvalConfig;
import io.clirbench.proto.events.v1.RunStarted;
import io.quarkus.logging.Log;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Datasets read from RunStarted's location, kept per (location, version), least recently used evicted. */
@ApplicationScoped
public class DatasetCache {

    private final int capacity;
    private final Map<String, JudgedDataset> cache = new LinkedHashMap<>(16, 0.75f, true);

    public DatasetCache(EvalConfig config) {
        this.capacity = Math.max(1, config.datasetCacheSize());
    }

    /** The dataset a run names; a poison event when it cannot be read or is not the one named. */
    public synchronized JudgedDataset load(RunStarted started) {
        String location = started.getDatasetLocation();
        if (location.isBlank()) {
            throw new PoisonEventException("run '" + started.getRunId() + "': empty dataset_location");
        }
        String key = location + "\u0000" + started.getDatasetVersion();
        JudgedDataset cached = cache.get(key);
        if (cached != null) {
            return cached;
        }
        JudgedDataset context = read(started, location);
        cache.put(key, context);
        while (cache.size() > capacity) {
            cache.remove(cache.keySet().iterator().next());
        }
        return context;
    }

    private static JudgedDataset read(RunStarted started, String location) {
        long start = System.nanoTime();
        io.clirbench.core.model.Dataset dataset;
        try {
            dataset = DatasetReader.read(Path.of(location));
        } catch (RuntimeException e) {
            throw new PoisonEventException("run '" + started.getRunId() + "': cannot read the dataset at dataset_location '"
                    + location + "': " + e.getMessage());
        }
        DatasetInfo info = dataset.info();
        if (!info.id().equals(started.getDatasetId()) || !info.version().equals(started.getDatasetVersion())) {
            throw new PoisonEventException("run '" + started.getRunId() + "': dataset_location '" + location + "' holds dataset '"
                    + info.id() + "' version '" + info.version() + "', but RunStarted names dataset '" + started.getDatasetId()
                    + "' version '" + started.getDatasetVersion() + "'");
        }
        Log.infof("dataset %s %s loaded from %s: %d documents, %d queries (%.1f s)", info.id(), info.version(), location,
                dataset.corpus().size(), dataset.queries().size(), (System.nanoTime() - start) / 1e9);
        return JudgedDataset.of(dataset);
    }
}
