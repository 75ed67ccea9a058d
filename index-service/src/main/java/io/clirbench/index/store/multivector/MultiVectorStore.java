package io.clirbench.index.store.multivector;

import io.clirbench.index.store.CollectionSpec;
import io.clirbench.index.store.Hit;
import io.clirbench.index.store.LoggedPointStore;
import io.clirbench.index.store.MultiVectors;
import io.clirbench.index.store.PayloadFilter;
import io.clirbench.index.store.PointLog;
import io.clirbench.index.store.PointPayload;
import io.clirbench.index.store.Ranking;
import io.clirbench.index.store.RepresentedPoints;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Multi-vector points (kind EXACT, representation MULTIVECTOR): each point's token matrix and the mean of its rows, on
 * the heap, stored in a {@link PointLog}. A search has two stages: the candidate stage ranks every point by the dot
 * product of the mean query row and the point's mean row and keeps the top {@code candidates} (default
 * {@link #defaultCandidates}); those are re-scored by exact MaxSim ({@link MultiVectors#maxSim}) and the top {@code n}
 * returned. With {@code candidates} at least the number of points, every point is scored by MaxSim (brute force).
 */
public final class MultiVectorStore extends LoggedPointStore {

    /** By doc id, in first-insertion order. */
    private final Map<String, Stored> points = new LinkedHashMap<>();
    private long floats;

    private record Stored(PointPayload payload, float[] matrix, float[] mean) {
    }

    public MultiVectorStore(CollectionSpec spec, Path dir) {
        super(spec, dir, "multi-vector", "multivector");
        openLog();
    }

    /** Candidates re-scored when a search gives none: {@code max(10 * n, 1000)}. */
    public static int defaultCandidates(int n) {
        return Math.max(10 * n, 1000);
    }

    @Override
    public synchronized long count() {
        return points.size();
    }

    /** The matrices and mean rows (4 bytes a value) plus about 64 bytes a point. */
    @Override
    public synchronized long memoryBytes() {
        return floats * 4 + points.size() * (64L + 4L * spec().dimension());
    }

    @Override
    protected PointLog.Entry entry(RepresentedPoints batch, int i) {
        return new PointLog.Entry(batch.payloads().get(i), new int[0], batch.matrices().get(i));
    }

    @Override
    protected void add(PointLog.Entry entry) {
        PointPayload payload = entry.payload();
        float[] matrix = entry.floats();
        Stored old = points.remove(payload.docId());
        if (old != null) {
            floats -= old.matrix().length;
        }
        points.put(payload.docId(), new Stored(payload, matrix, MultiVectors.meanRow(matrix, spec().dimension())));
        floats += matrix.length;
    }

    @Override
    public synchronized List<List<Hit>> searchMultiVector(List<float[]> queries, int n, PayloadFilter filter, int candidates) {
        int dim = spec().dimension();
        int depth = candidates > 0 ? candidates : defaultCandidates(n);
        List<Stored> eligible = points.values().stream().filter(p -> filter.matches(p.payload().lang(), p.payload().family())).toList();
        List<List<Hit>> out = new ArrayList<>(queries.size());
        for (float[] query : queries) {
            List<Stored> rescored = eligible;
            if (depth < eligible.size()) {
                float[] mean = MultiVectors.meanRow(query, dim);
                List<Hit> stage = new ArrayList<>(eligible.size());
                Map<String, Stored> byId = new java.util.HashMap<>();
                for (Stored p : eligible) {
                    double dot = 0;
                    for (int k = 0; k < dim; k++) {
                        dot += (double) mean[k] * p.mean()[k];
                    }
                    stage.add(new Hit(p.payload().docId(), (float) dot, "", ""));
                    byId.put(p.payload().docId(), p);
                }
                rescored = Ranking.top(stage, depth).stream().map(h -> byId.get(h.docId())).toList();
            }
            List<Hit> hits = new ArrayList<>(rescored.size());
            for (Stored p : rescored) {
                hits.add(new Hit(p.payload().docId(), (float) MultiVectors.maxSim(query, p.matrix(), dim), p.payload().lang(),
                        p.payload().family()));
            }
            out.add(Ranking.top(hits, n));
        }
        return out;
    }
}
