package io.clirbench.index.store;

import io.clirbench.lexical.LexicalChain;
import io.clirbench.lexical.LexicalDocument;
import io.clirbench.lexical.LexicalFilter;
import io.clirbench.lexical.LexicalIndex;
import io.clirbench.lexical.LexicalIndexException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The operations of the index contract on top of a {@link CollectionRegistry}: validates whole requests
 * (dimension, N in [1, maxTopN], doc ids) before any state changes and normalises COSINE vectors.
 */
public final class CollectionOperations implements AutoCloseable {

    /** Most queries in one search call ({@code SearchBatch}, {@code SearchTextBatch}). */
    public static final int MAX_QUERIES = 1024;

    private final CollectionRegistry registry;
    private final int maxTopN;
    /** Answers the queries of a text batch side by side: one thread per core (BM25 search is CPU-bound). */
    private final ExecutorService textSearches;

    public CollectionOperations(CollectionRegistry registry, int maxTopN) {
        this(registry, maxTopN, Runtime.getRuntime().availableProcessors());
    }

    public CollectionOperations(CollectionRegistry registry, int maxTopN, int searchThreads) {
        this.registry = registry;
        this.maxTopN = maxTopN;
        this.textSearches = Executors.newFixedThreadPool(Math.max(1, searchThreads), r -> {
            Thread t = new Thread(r, "text-search");
            t.setDaemon(true);
            return t;
        });
    }

    public CollectionRegistry registry() {
        return registry;
    }

    /** What the points of collection {@code name} hold. */
    public Representation representation(String name) {
        return registry.get(name).spec().representation();
    }

    /**
     * Upserts sparse or multi-vector points into a collection of that representation; returns its point count
     * afterwards. Multi-vector rows are normalised in a COSINE collection.
     */
    public long upsert(String name, RepresentedPoints points) {
        Collection c = registry.get(name);
        VectorStore store = c.vectors();
        Representation expected = points.matrices().isEmpty() && !points.sparse().isEmpty() ? Representation.SPARSE
                : points.sparse().isEmpty() && !points.matrices().isEmpty() ? Representation.MULTIVECTOR : c.spec().representation();
        checkRepresentation(c, expected);
        points.validate(c.spec().dimension());
        if (c.spec().metric() == Metric.COSINE && expected == Representation.MULTIVECTOR) {
            int dim = c.spec().dimension();
            points = RepresentedPoints.multivector(points.matrices().stream().map(m -> normalisedRows(m, dim)).toList(), points.payloads());
        }
        if (points.size() > 0) {
            store.upsert(points);
        }
        return store.count();
    }

    /** Top-{@code n} by dot product for each sparse query (SPARSE collections). */
    public List<List<Hit>> searchSparse(String name, List<SparseVector> queries, int n, PayloadFilter filter) {
        Collection c = registry.get(name);
        VectorStore store = c.vectors();
        checkRepresentation(c, Representation.SPARSE);
        checkTopN(n);
        checkQueryCount(queries.size());
        return queries.isEmpty() ? List.of() : store.searchSparse(queries, n, filter);
    }

    /** Top-{@code n} by MaxSim for each query matrix (MULTIVECTOR collections); {@code candidates}: 0 = the store's default. */
    public List<List<Hit>> searchMultiVector(String name, List<float[]> queries, int n, PayloadFilter filter, int candidates) {
        Collection c = registry.get(name);
        VectorStore store = c.vectors();
        checkRepresentation(c, Representation.MULTIVECTOR);
        checkTopN(n);
        checkQueryCount(queries.size());
        if (candidates < 0 || candidates > 1_000_000) {
            throw new InvalidRequestException("candidates must be in [0, 1000000], was " + candidates);
        }
        int dim = c.spec().dimension();
        List<float[]> qs = new ArrayList<>(queries.size());
        for (int i = 0; i < queries.size(); i++) {
            MultiVectors.check(queries.get(i), dim, "query " + i);
            qs.add(c.spec().metric() == Metric.COSINE ? normalisedRows(queries.get(i), dim) : queries.get(i));
        }
        return qs.isEmpty() ? List.of() : store.searchMultiVector(qs, n, filter, candidates);
    }

    private static float[] normalisedRows(float[] matrix, int dim) {
        float[] out = new float[matrix.length];
        for (int r = 0; r < matrix.length; r += dim) {
            System.arraycopy(Points.normalised(java.util.Arrays.copyOfRange(matrix, r, r + dim)), 0, out, r, dim);
        }
        return out;
    }

    /** FAILED_PRECONDITION (UnsupportedByKind) when the collection holds another representation than the request. */
    private static void checkRepresentation(Collection c, Representation asked) {
        Representation held = c.spec().representation();
        if (held != asked) {
            String lower = held.name().toLowerCase(java.util.Locale.ROOT);
            throw new UnsupportedByKindException("collection '" + c.spec().name() + "' holds " + lower + " points, the request gives "
                    + asked.name().toLowerCase(java.util.Locale.ROOT) + " ones");
        }
    }

    /** Upserts points; returns the collection's vector count afterwards. */
    public long upsert(String name, Points points) {
        Collection c = registry.get(name);
        VectorStore store = c.vectors();
        checkRepresentation(c, Representation.DENSE);
        points.validate(c.spec().dimension());
        if (c.spec().metric() == Metric.COSINE) {
            points = new Points(points.vectors().stream().map(Points::normalised).toList(), points.payloads());
        }
        if (points.size() > 0) {
            store.upsert(points);
        }
        return store.count();
    }

    public List<List<Hit>> search(String name, List<float[]> queries, int n, PayloadFilter filter, int ef) {
        Collection c = registry.get(name);
        VectorStore store = c.vectors();
        checkRepresentation(c, Representation.DENSE);
        checkTopN(n);
        checkQueryCount(queries.size());
        if (ef < 0 || ef > 10_000) {
            throw new InvalidRequestException("hnsw_ef must be in [0, 10000], was " + ef);
        }
        int dim = c.spec().dimension();
        float[][] qs = new float[queries.size()][];
        for (int i = 0; i < qs.length; i++) {
            float[] q = queries.get(i);
            if (q.length != dim) {
                throw new InvalidRequestException("dimension mismatch: query " + i + " has " + q.length
                        + " values, collection '" + name + "' has dimension " + dim);
            }
            qs[i] = c.spec().metric() == Metric.COSINE ? Points.normalised(q) : q;
        }
        return qs.length == 0 ? List.of() : store.search(qs, n, filter, ef);
    }

    /** Indexes texts for BM25; returns the collection's text count afterwards. */
    public long indexTexts(String name, List<PointPayload> payloads, List<String> texts) {
        Collection c = registry.get(name);
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (int i = 0; i < payloads.size(); i++) {
            payloads.get(i).checkLimits();
            if (!seen.add(payloads.get(i).docId())) {
                throw new InvalidRequestException("doc_id '" + payloads.get(i).docId() + "' appears twice in one request");
            }
            if (texts.get(i) == null || texts.get(i).isBlank()) {
                throw new InvalidRequestException("document '" + payloads.get(i).docId() + "' has an empty text");
            }
        }
        if (!payloads.isEmpty()) {
            List<LexicalDocument> documents = new java.util.ArrayList<>(payloads.size());
            for (int i = 0; i < payloads.size(); i++) {
                PointPayload p = payloads.get(i);
                documents.add(new LexicalDocument(p.docId(), p.lang(), p.family(), texts.get(i)));
            }
            try {
                c.lexical().index(documents);
            } catch (LexicalIndexException e) {
                throw new StoreFailureException(e.getMessage(), e);
            }
        }
        return c.textCount();
    }

    /** One text query: its text and its language (which chooses the analyzer). */
    public record TextQuery(String text, String lang) {
    }

    public List<Hit> searchText(String name, String text, String lang, int n, PayloadFilter filter, LexicalChain chain) {
        return searchTexts(name, List.of(new TextQuery(text, lang)), n, filter, chain).getFirst();
    }

    /**
     * Answers every query (list {@code i} answers query {@code i}) on the text-search threads; the whole request is
     * checked before any search starts.
     */
    public List<List<Hit>> searchTexts(String name, List<TextQuery> queries, int n, PayloadFilter filter, LexicalChain chain) {
        Collection c = registry.get(name);
        checkTopN(n);
        checkQueryCount(queries.size());
        for (int i = 0; i < queries.size(); i++) {
            String lang = queries.get(i).lang();
            if (lang == null || lang.isBlank()) {
                throw new InvalidRequestException("lang of query " + i + " must be given (it chooses the analyzer)");
            }
        }
        if (c.textCount() == 0) {
            return queries.stream().map(q -> List.<Hit>of()).toList();
        }
        LexicalIndex index = c.lexical();
        LexicalFilter lexicalFilter = new LexicalFilter(filter.langs(), filter.families());
        if (queries.size() == 1) {
            return List.of(searchOne(index, queries.getFirst(), n, lexicalFilter, chain));
        }
        List<Future<List<Hit>>> running = new ArrayList<>(queries.size());
        for (TextQuery q : queries) {
            running.add(textSearches.submit(() -> searchOne(index, q, n, lexicalFilter, chain)));
        }
        List<List<Hit>> results = new ArrayList<>(queries.size());
        try {
            for (Future<List<Hit>> f : running) {
                results.add(f.get());
            }
        } catch (InterruptedException e) {
            running.forEach(f -> f.cancel(true));
            Thread.currentThread().interrupt();
            throw new StoreFailureException("text search of '" + name + "' interrupted", e);
        } catch (ExecutionException e) {
            running.forEach(f -> f.cancel(true));
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw new StoreFailureException("text search of '" + name + "' failed: " + e.getCause(), e.getCause());
        }
        return results;
    }

    private static List<Hit> searchOne(LexicalIndex index, TextQuery q, int n, LexicalFilter filter, LexicalChain chain) {
        try {
            return index.search(chain, q.text(), q.lang(), n, filter).stream()
                    .map(h -> new Hit(h.docId(), h.score(), h.lang(), h.family())).toList();
        } catch (LexicalIndexException e) {
            throw new StoreFailureException(e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        textSearches.shutdownNow();
    }

    private static void checkQueryCount(int queries) {
        if (queries > MAX_QUERIES) {
            throw new InvalidRequestException("at most " + MAX_QUERIES + " queries per search call, were " + queries);
        }
    }

    private void checkTopN(int n) {
        if (n < 1 || n > maxTopN) {
            throw new InvalidRequestException("top_n must be in [1, " + maxTopN + "], was " + n);
        }
    }
}
