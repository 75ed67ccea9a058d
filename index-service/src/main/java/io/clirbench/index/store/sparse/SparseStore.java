package io.clirbench.index.store.sparse;

import io.clirbench.index.store.CollectionSpec;
import io.clirbench.index.store.DirectorySize;
import io.clirbench.index.store.Hit;
import io.clirbench.index.store.PayloadFilter;
import io.clirbench.index.store.PointLog;
import io.clirbench.index.store.PointPayload;
import io.clirbench.index.store.Points;
import io.clirbench.index.store.Ranking;
import io.clirbench.index.store.RepresentedPoints;
import io.clirbench.index.store.SparseVector;
import io.clirbench.index.store.UnsupportedByKindException;
import io.clirbench.index.store.VectorStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Sparse points (kind EXACT, representation SPARSE) in an inverted index held on the heap: for each index (token id) the
 * postings (point, weight). A search adds up, for each query index, weight x posting weight into the points' scores
 * (exact dot product: every point sharing an index with the query is scored; a point sharing none scores nothing and is
 * not returned). Replaced points stay in the postings as dead rows until a restart replays {@link PointLog} without them.
 */
public final class SparseStore implements VectorStore {

    private final CollectionSpec spec;
    private final Path dir;
    private final PointLog log;
    private final List<PointPayload> payloads = new ArrayList<>();
    private final List<Boolean> alive = new ArrayList<>();
    private final Map<String, Integer> rowOf = new HashMap<>();
    private final Map<Integer, Postings> postings = new HashMap<>();
    private long postingCount;

    /** Growable (row, weight) lists of one index. */
    private static final class Postings {
        int[] rows = new int[4];
        float[] weights = new float[4];
        int size;

        void add(int row, float weight) {
            if (size == rows.length) {
                rows = java.util.Arrays.copyOf(rows, size * 2);
                weights = java.util.Arrays.copyOf(weights, size * 2);
            }
            rows[size] = row;
            weights[size++] = weight;
        }
    }

    public SparseStore(CollectionSpec spec, Path dir) {
        this.spec = spec;
        this.dir = dir;
        this.log = PointLog.open(dir, e -> add(e.payload(), new SparseVector(e.ints(), e.floats())));
    }

    @Override
    public CollectionSpec spec() {
        return spec;
    }

    @Override
    public synchronized long count() {
        return rowOf.size();
    }

    @Override
    public long diskBytes() {
        return DirectorySize.of(dir);
    }

    /** Postings (4 + 4 bytes), payload references and a map entry per point, estimated. */
    @Override
    public synchronized long memoryBytes() {
        return postingCount * 8 + payloads.size() * 64L;
    }

    @Override
    public void upsert(Points points) {
        throw new UnsupportedByKindException("collection '" + spec.name() + "' holds sparse points: upsert them as Point.sparse");
    }

    @Override
    public synchronized void upsert(RepresentedPoints points) {
        List<PointLog.Entry> entries = new ArrayList<>(points.size());
        for (int i = 0; i < points.size(); i++) {
            SparseVector v = points.sparse().get(i);
            entries.add(new PointLog.Entry(points.payloads().get(i), v.indices(), v.values()));
        }
        log.append(entries);
        for (int i = 0; i < points.size(); i++) {
            add(points.payloads().get(i), points.sparse().get(i));
        }
    }

    private void add(PointPayload payload, SparseVector v) {
        Integer old = rowOf.get(payload.docId());
        if (old != null) {
            alive.set(old, false);
        }
        int row = payloads.size();
        payloads.add(payload);
        alive.add(true);
        rowOf.put(payload.docId(), row);
        for (int i = 0; i < v.size(); i++) {
            postings.computeIfAbsent(v.indices()[i], k -> new Postings()).add(row, v.values()[i]);
        }
        postingCount += v.size();
    }

    @Override
    public List<List<Hit>> search(float[][] queries, int n, PayloadFilter filter, int ef) {
        throw new UnsupportedByKindException("collection '" + spec.name() + "' holds sparse points: search it with SearchRequest.sparse");
    }

    @Override
    public synchronized List<List<Hit>> searchSparse(List<SparseVector> queries, int n, PayloadFilter filter) {
        List<List<Hit>> out = new ArrayList<>(queries.size());
        double[] scores = new double[payloads.size()];
        boolean[] touched = new boolean[payloads.size()];
        for (SparseVector q : queries) {
            List<Integer> rows = new ArrayList<>();
            for (int i = 0; i < q.size(); i++) {
                Postings p = postings.get(q.indices()[i]);
                if (p == null) {
                    continue;
                }
                double w = q.values()[i];
                for (int k = 0; k < p.size; k++) {
                    int row = p.rows[k];
                    if (!touched[row]) {
                        touched[row] = true;
                        rows.add(row);
                    }
                    scores[row] += w * p.weights[k];
                }
            }
            List<Hit> hits = new ArrayList<>();
            for (int row : rows) {
                PointPayload pp = payloads.get(row);
                if (alive.get(row) && filter.matches(pp.lang(), pp.family())) {
                    hits.add(new Hit(pp.docId(), (float) scores[row], pp.lang(), pp.family()));
                }
                scores[row] = 0;
                touched[row] = false;
            }
            out.add(Ranking.top(hits, n));
        }
        return out;
    }

    @Override
    public void close() {
        log.close();
    }

    @Override
    public void drop() {
        close();
    }
}
