package io.clirbench.index.store.exact;

import io.clirbench.index.search.BlockedLayout;
import io.clirbench.index.search.ExactSearcher;
import io.clirbench.index.search.IdOrder;
import io.clirbench.index.search.TopN;
import io.clirbench.index.store.CollectionSpec;
import io.clirbench.index.store.Fsync;
import io.clirbench.index.store.Hit;
import io.clirbench.index.store.PayloadFilter;
import io.clirbench.index.store.PointPayload;
import io.clirbench.index.store.Points;
import io.clirbench.index.store.StoreFailureException;
import io.clirbench.index.store.VectorStore;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.stream.Stream;

/**
 * Exact (flat) store: all vectors in one contiguous {@code float[]} in {@link BlockedLayout} (blocks of
 * 16 rows, dimension-major inside a block), searched by {@link ExactSearcher}. Each upsert is persisted as one segment file ({@link VectorFile},
 * {@code seg-000001.vec}, ...) before it is acknowledged; opening replays the segments in order, so a
 * restart re-embeds nothing. When there are more than {@value #MAX_SEGMENTS} segments they are
 * compacted into one (written and forced to disk first, then the old ones deleted: a crash in between only
 * leaves duplicates that the replay resolves). Leftover {@code *.tmp} files of an interrupted write are
 * deleted on open. Capacity: count * dimension below 2^31 floats (5.5 M × 384). Files
 * are row-major ({@link VectorFile}); the blocked layout exists only in memory.
 */
public final class ExactStore implements VectorStore {

    static final int MAX_SEGMENTS = 16;
    private static final String SEGMENT_GLOB = "seg-*.vec";

    private final CollectionSpec spec;
    private final Path dir;
    private final ExactSearcher searcher;
    private final int threads;
    private final long maxRows;
    private final ReadWriteLock lock = new ReentrantReadWriteLock();
    private final Map<String, Integer> rowOf = new HashMap<>();
    private float[] data = new float[0];
    private String[] ids = new String[0];
    private String[] langs = new String[0];
    private String[] families = new String[0];
    private int count;
    /** Tie ranks of rows 0..count-1; replaced (never mutated) under the write lock whenever rows are added. */
    private int[] tieRank = new int[0];
    private int nextSegment = 1;
    private int segments;

    /** Opens (or creates) the store in {@code dir}, replaying its segment files. */
    public ExactStore(CollectionSpec spec, Path dir, ExactSearcher searcher, int threads) {
        this(spec, dir, searcher, threads, maxRowsFor(spec.dimension()));
    }

    /** @param maxRows capacity in rows (tests use a small one) */
    ExactStore(CollectionSpec spec, Path dir, ExactSearcher searcher, int threads, long maxRows) {
        this.spec = spec;
        this.maxRows = maxRows;
        this.dir = dir;
        this.searcher = searcher;
        this.threads = threads;
        try {
            Files.createDirectories(dir);
            deleteLeftoverTemporaries();
            // every segment verified and its payloads read first, so the store is sized once for all of them: growing
            // segment by segment would hold the old and the grown array at once (issue 40)
            List<Path> files = segmentFiles();
            List<VectorFile.Contents> scanned = new ArrayList<>(files.size());
            long rows = 0;
            for (Path seg : files) {
                VectorFile.Contents c = VectorFile.scan(seg); // its vectors left on disk
                if (c.dimension() != spec.dimension()) {
                    throw new StoreFailureException(seg + ": dimension " + c.dimension()
                            + " differs from the collection's " + spec.dimension());
                }
                scanned.add(c);
                rows += c.count();
            }
            ensureCapacity((int) Math.min(maxRows, rows));
            int dim = spec.dimension();
            for (int k = 0; k < files.size(); k++) {
                Path seg = files.get(k);
                int[] at = rows(scanned.get(k).payloads(), scanned.get(k).count());
                VectorFile.forEachVector(seg, scanned.get(k), (i, v) -> BlockedLayout.put(data, dim, at[i], v, 0));
                nextSegment = Math.max(nextSegment, segmentNumber(seg) + 1);
                segments++;
            }
            tieRank = IdOrder.tieRanks(ids, count);
        } catch (IOException e) {
            throw new StoreFailureException(dir + ": cannot open exact store: " + e.getMessage(), e);
        }
    }

    @Override
    public CollectionSpec spec() {
        return spec;
    }

    @Override
    public long count() {
        lock.readLock().lock();
        try {
            return count;
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public long diskBytes() {
        return io.clirbench.index.store.DirectorySize.of(dir);
    }

    /**
     * The vector array (its capacity, 4 bytes a float), the tie ranks, and per stored row an estimate of its payload: three
     * string references and the id map's entry (about 100 bytes) plus 2 bytes a character of id, language and family.
     */
    @Override
    public long memoryBytes() {
        lock.readLock().lock();
        try {
            long bytes = 4L * data.length + 4L * tieRank.length;
            for (int row = 0; row < count; row++) {
                bytes += 100 + 2L * (length(ids[row]) + length(langs[row]) + length(families[row]));
            }
            return bytes;
        } finally {
            lock.readLock().unlock();
        }
    }

    private static int length(String s) {
        return s == null ? 0 : s.length();
    }

    @Override
    public void upsert(Points points) {
        int n = points.size();
        int dim = spec.dimension();
        float[] flat = new float[n * dim];
        PointPayload[] payloads = points.payloads().toArray(PointPayload[]::new);
        for (int i = 0; i < n; i++) {
            System.arraycopy(points.vectors().get(i), 0, flat, i * dim, dim);
        }
        lock.writeLock().lock();
        try {
            checkCapacity(payloads, n); // before anything is written: a refused upsert leaves no trace
            VectorFile.write(dir.resolve(segmentName(nextSegment)), dim, flat, payloads, n);
            nextSegment++;
            segments++;
            apply(flat, payloads, n, true);
            if (segments > MAX_SEGMENTS) {
                compact();
            }
        } finally {
            lock.writeLock().unlock();
        }
    }

    @Override
    public List<List<Hit>> search(float[][] queries, int n, PayloadFilter filter, int ef) {
        lock.readLock().lock();
        try {
            int[] ranks = tieRank;
            BitSet allowed = filter.isEmpty() ? null : allowedRows(filter);
            TopN.Ranked[] ranked = searcher.search(data, spec.dimension(), count, ranks, queries, n, allowed, threads);
            List<List<Hit>> out = new ArrayList<>(ranked.length);
            for (TopN.Ranked r : ranked) {
                List<Hit> hits = new ArrayList<>(r.size());
                for (int i = 0; i < r.size(); i++) {
                    int row = r.rows()[i];
                    if (allowed == null || allowed.get(row)) {
                        hits.add(new Hit(ids[row], r.scores()[i], langs[row], families[row]));
                    }
                }
                out.add(hits);
            }
            return out;
        } finally {
            lock.readLock().unlock();
        }
    }

    /** The tie ranks searches use now (tests). */
    int[] tieRanksForTests() {
        lock.readLock().lock();
        try {
            return tieRank.clone();
        } finally {
            lock.readLock().unlock();
        }
    }

    private void checkCapacity(PointPayload[] payloads, int n) {
        java.util.Set<String> fresh = new java.util.HashSet<>();
        for (int i = 0; i < n; i++) {
            if (!rowOf.containsKey(payloads[i].docId())) {
                fresh.add(payloads[i].docId());
            }
        }
        if (count + (long) fresh.size() > maxRows) {
            throw full();
        }
    }

    private StoreFailureException full() {
        return new StoreFailureException("exact collection '" + spec.name() + "' is full: at most " + maxRows
                + " vectors of dimension " + spec.dimension());
    }

    private static long maxRowsFor(int dimension) {
        return (Integer.MAX_VALUE - 8L) / dimension / BlockedLayout.BLOCK * BlockedLayout.BLOCK;
    }

    private BitSet allowedRows(PayloadFilter filter) {
        BitSet allowed = new BitSet(count);
        for (int i = 0; i < count; i++) {
            if (filter.matches(langs[i], families[i])) {
                allowed.set(i);
            }
        }
        return allowed;
    }

    /** Applies rows in memory (write lock held, or the constructor); recomputes tie ranks when asked and rows were added. */
    private void apply(float[] flat, PointPayload[] payloads, int n, boolean rank) {
        int dim = spec.dimension();
        int before = count;
        int[] rows = rows(payloads, n);
        for (int i = 0; i < n; i++) {
            BlockedLayout.put(data, dim, rows[i], flat, i * dim);
        }
        if (rank && count != before) {
            // computed here, under the write lock, so readers only ever see a complete array
            tieRank = IdOrder.tieRanks(ids, count);
        }
    }

    /** The row of each payload's document, a new one appended for an id not stored yet; its payload stored. */
    private int[] rows(PointPayload[] payloads, int n) {
        int[] rows = new int[n];
        for (int i = 0; i < n; i++) {
            PointPayload p = payloads[i];
            Integer row = rowOf.get(p.docId());
            if (row == null) {
                ensureCapacity(count + 1);
                row = count++;
                rowOf.put(p.docId(), row);
                ids[row] = p.docId();
            }
            langs[row] = p.lang();
            families[row] = p.family();
            rows[i] = row;
        }
        return rows;
    }

    private void ensureCapacity(int rows) {
        if (rows <= ids.length) {
            return;
        }
        long max = maxRowsFor(spec.dimension());
        if (rows > maxRows) {
            throw full();
        }
        // grown by half (not doubled): the old and the new array are both held while copying
        int cap = (int) Math.min(max, BlockedLayout.paddedRows((int) Math.max(rows, Math.max(1024L, ids.length + ids.length / 2L))));
        data = Arrays.copyOf(data, cap * spec.dimension());
        ids = Arrays.copyOf(ids, cap);
        langs = Arrays.copyOf(langs, cap);
        families = Arrays.copyOf(families, cap);
    }

    private void compact() {
        List<Path> old = segmentFiles();
        PointPayload[] payloads = new PointPayload[count];
        for (int i = 0; i < count; i++) {
            payloads[i] = new PointPayload(ids[i], langs[i], families[i]);
        }
        // VectorFile.write forces the merged segment and the directory before returning, so the old
        // segments are deleted only once the merged one is durable
        float[] blocked = data;
        int dim = spec.dimension();
        VectorFile.write(dir.resolve(segmentName(nextSegment++)), dim,
                (row, out) -> BlockedLayout.copyRow(blocked, dim, row, out), payloads, count);
        try {
            for (Path p : old) {
                Files.deleteIfExists(p);
            }
            Fsync.directory(dir);
        } catch (IOException e) {
            throw new StoreFailureException(dir + ": cannot delete compacted segments: " + e.getMessage(), e);
        }
        segments = 1;
    }

    /** A crash during {@link VectorFile#write} leaves a {@code *.tmp} file that was never acknowledged. */
    private void deleteLeftoverTemporaries() throws IOException {
        try (var stream = Files.newDirectoryStream(dir, "*.tmp")) {
            for (Path tmp : stream) {
                Files.deleteIfExists(tmp);
            }
        }
    }

    private List<Path> segmentFiles() {
        List<Path> files = new ArrayList<>();
        try (var stream = Files.newDirectoryStream(dir, SEGMENT_GLOB)) {
            stream.forEach(files::add);
        } catch (IOException e) {
            throw new StoreFailureException(dir + ": cannot list segments: " + e.getMessage(), e);
        }
        files.sort((a, b) -> Integer.compare(segmentNumber(a), segmentNumber(b)));
        return files;
    }

    private static String segmentName(int n) {
        return String.format(java.util.Locale.ROOT, "seg-%06d.vec", n);
    }

    private static int segmentNumber(Path p) {
        String name = p.getFileName().toString();
        try {
            return Integer.parseInt(name.substring(4, name.length() - 4));
        } catch (NumberFormatException e) {
            throw new StoreFailureException(p + ": segment file name is not seg-NNNNNN.vec");
        }
    }

    @Override
    public void close() {
        // everything is on disk after each upsert
    }

    @Override
    public void drop() {
        try (Stream<Path> walk = Files.walk(dir)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new StoreFailureException(dir + ": cannot delete: " + e.getMessage(), e);
        }
    }
}
