package io.clirbench.core.model;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A validated dataset: descriptor, corpus, queries and qrels (ARCHITECTURE.md "Dataset layout").
 * Instances are built by the dataset reader or importers, which validate every reference first.
 */
public final class Dataset {

    private final DatasetInfo info;
    private final List<Document> corpus;
    private final List<Query> queries;
    private final Qrels qrels;
    private final Map<String, Document> documentsById;
    private final Map<String, Query> queriesById;

    public Dataset(DatasetInfo info, List<Document> corpus, List<Query> queries, Qrels qrels) {
        this.info = info;
        this.corpus = List.copyOf(corpus);
        this.queries = List.copyOf(queries);
        this.qrels = qrels;
        this.documentsById = index(this.corpus, Document::id);
        this.queriesById = index(this.queries, Query::id);
    }

    private Dataset(Dataset base, List<Query> queries, Qrels qrels) {
        this.info = base.info;
        this.corpus = base.corpus;
        this.documentsById = base.documentsById;
        this.queries = List.copyOf(queries);
        this.qrels = qrels;
        this.queriesById = index(this.queries, Query::id);
    }

    /**
     * This dataset's descriptor and corpus with other queries and qrels, sharing the corpus and its index (no copy:
     * a search of one query over a large corpus costs nothing per document).
     */
    public Dataset withQueries(List<Query> queries, Qrels qrels) {
        return new Dataset(this, queries, qrels);
    }

    private static <T> Map<String, T> index(List<T> items, Function<T, String> id) {
        Map<String, T> map = new LinkedHashMap<>(items.size() * 2);
        for (T item : items) {
            if (map.putIfAbsent(id.apply(item), item) != null) {
                throw new IllegalArgumentException("duplicate id '" + id.apply(item) + "'");
            }
        }
        return Collections.unmodifiableMap(map);
    }

    public DatasetInfo info() {
        return info;
    }

    public List<Document> corpus() {
        return corpus;
    }

    public List<Query> queries() {
        return queries;
    }

    public Qrels qrels() {
        return qrels;
    }

    /** The document with this id, or {@code null}. */
    public Document document(String id) {
        return documentsById.get(id);
    }

    /** The query with this id, or {@code null}. */
    public Query query(String id) {
        return queriesById.get(id);
    }
}
