package io.clirbench.index.store;

import io.clirbench.lexical.LexicalDocument;
import io.clirbench.lexical.LexicalFilter;
import io.clirbench.lexical.LexicalIndexException;
import java.util.List;

/**
 * The operations of the index contract on top of a {@link CollectionRegistry}: validates whole requests
 * (dimension, N in [1, maxTopN], doc ids) before any state changes and normalises COSINE vectors.
 */
public final class CollectionOperations {

    /** Most query vectors in one search call ({@code SearchBatch}). */
    public static final int MAX_QUERIES = 1024;

    private final CollectionRegistry registry;
    private final int maxTopN;

    public CollectionOperations(CollectionRegistry registry, int maxTopN) {
        this.registry = registry;
        this.maxTopN = maxTopN;
    }

    public CollectionRegistry registry() {
        return registry;
    }

    /** Upserts points; returns the collection's vector count afterwards. */
    public long upsert(String name, Points points) {
        Collection c = registry.get(name);
        VectorStore store = c.vectors();
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
        checkTopN(n);
        if (queries.size() > MAX_QUERIES) {
            throw new InvalidRequestException("at most " + MAX_QUERIES + " queries per search call, were " + queries.size());
        }
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

    public List<Hit> searchText(String name, String text, String lang, int n, PayloadFilter filter) {
        Collection c = registry.get(name);
        checkTopN(n);
        if (lang == null || lang.isBlank()) {
            throw new InvalidRequestException("lang of the query must be given (it chooses the analyzer)");
        }
        if (c.textCount() == 0) {
            return List.of();
        }
        try {
            return c.lexical().search(text, lang, n, new LexicalFilter(filter.langs(), filter.families())).stream()
                    .map(h -> new Hit(h.docId(), h.score(), h.lang(), h.family())).toList();
        } catch (LexicalIndexException e) {
            throw new StoreFailureException(e.getMessage(), e);
        }
    }

    private void checkTopN(int n) {
        if (n < 1 || n > maxTopN) {
            throw new InvalidRequestException("top_n must be in [1, " + maxTopN + "], was " + n);
        }
    }
}
