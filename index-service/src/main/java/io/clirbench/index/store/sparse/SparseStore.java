package io.clirbench.index.store.sparse;

import io.clirbench.index.store.CollectionSpec;
import io.clirbench.index.store.Hit;
import io.clirbench.index.store.LoggedPointStore;
import io.clirbench.index.store.PayloadFilter;
import io.clirbench.index.store.PointLog;
import io.clirbench.index.store.PointPayload;
import io.clirbench.index.store.Ranking;
import io.clirbench.index.store.RepresentedPoints;
import io.clirbench.index.store.SparseVector;
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
public final class SparseStore extends LoggedPointStore {

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
        super(spec, dir, "sparse", "sparse");
        openLog();
    }

    @Override
    public synchronized long count() {
        return rowOf.size();
    }

    /** Postings (4 + 4 bytes), payload references and a map entry per point, estimated. */
    @Override
    public synchronized long memoryBytes() {
        return postingCount * 8 + payloads.size() * 64L;
    }

    @Override
    protected PointLog.Entry entry(RepresentedPoints batch, int i) {
        SparseVector v = batch.sparse().get(i);
        return new PointLog.Entry(batch.payloads().get(i), v.indices(), v.values());
    }

    @Override
    protected void add(PointLog.Entry entry) {
        PointPayload payload = entry.payload();
        SparseVector v = new SparseVector(entry.ints(), entry.floats());
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
}
