package io.clirbench.index.store;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A store of sparse or multi-vector points held on the heap and kept on disk as a {@link PointLog}: what both share
 * (the spec, the directory, the log written before the heap changes, the refusal of dense points and dense searches,
 * close and drop). A store says how a point becomes a log entry ({@link #entry}) and how an entry joins the heap
 * ({@link #add}), at an upsert and when the log is replayed at open.
 */
public abstract class LoggedPointStore implements VectorStore {

    private final CollectionSpec spec;
    private final Path dir;
    /** What the points are and the request field that carries them, for the refusals ("sparse", "Point.sparse"). */
    private final String points;
    private final String field;
    /** Set once by {@link #openLog}: the replay calls {@link #add}, which needs the subclass's fields initialised. */
    private PointLog log;

    protected LoggedPointStore(CollectionSpec spec, Path dir, String points, String field) {
        this.spec = spec;
        this.dir = dir;
        this.points = points;
        this.field = field;
    }

    /** Opens the log and replays it through {@link #add}: the last statement of a subclass's constructor. */
    protected final void openLog() {
        log = PointLog.open(dir, this::add);
    }

    /** The log entry of the {@code i}-th point of a validated upsert. */
    protected abstract PointLog.Entry entry(RepresentedPoints batch, int i);

    /** Adds (or replaces, by doc id) one point on the heap. */
    protected abstract void add(PointLog.Entry entry);

    @Override
    public final CollectionSpec spec() {
        return spec;
    }

    @Override
    public final long diskBytes() {
        return DirectorySize.of(dir);
    }

    @Override
    public final void upsert(Points dense) {
        throw new UnsupportedByKindException("collection '" + spec.name() + "' holds " + points + " points: upsert them as Point."
                + field);
    }

    @Override
    public final synchronized void upsert(RepresentedPoints batch) {
        List<PointLog.Entry> entries = new ArrayList<>(batch.size());
        for (int i = 0; i < batch.size(); i++) {
            entries.add(entry(batch, i));
        }
        log.append(entries);
        entries.forEach(this::add);
    }

    @Override
    public final List<List<Hit>> search(float[][] queries, int n, PayloadFilter filter, int ef) {
        throw new UnsupportedByKindException("collection '" + spec.name() + "' holds " + points
                + " points: search it with SearchRequest." + field);
    }

    @Override
    public final void close() {
        log.close();
    }

    @Override
    public final void drop() {
        close();
    }
}
