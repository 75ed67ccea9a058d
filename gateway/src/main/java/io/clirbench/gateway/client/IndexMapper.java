package io.clirbench.gateway.client;

import io.clirbench.core.model.Document;
import io.clirbench.core.run.RankedList;
import io.clirbench.core.search.IndexKind;
import io.clirbench.proto.index.v1.CollectionInfo;
import io.clirbench.proto.index.v1.CreateCollectionRequest;
import io.clirbench.proto.index.v1.IndexTextsRequest;
import io.clirbench.proto.index.v1.Metric;
import io.clirbench.proto.index.v1.Payload;
import io.clirbench.proto.index.v1.MultiVector;
import io.clirbench.proto.index.v1.Point;
import io.clirbench.proto.index.v1.Representation;
import io.clirbench.proto.index.v1.SparseVector;
import io.clirbench.proto.index.v1.QueryVector;
import io.clirbench.proto.index.v1.SearchBatchRequest;
import io.clirbench.proto.index.v1.SearchResponse;
import io.clirbench.proto.index.v1.SearchTextRequest;
import io.clirbench.proto.index.v1.TextDocument;
import io.clirbench.proto.index.v1.UpsertRequest;
import java.util.ArrayList;
import java.util.List;

/** index.v1 messages from documents, vectors and queries; search answers back as ranked lists. */
public final class IndexMapper {

    private IndexMapper() {
    }

    public static CollectionState state(CollectionInfo info) {
        return new CollectionState(info.getCount(), info.getTextCount(), info.getDimension(), info.getFingerprint(),
                info.getDiskBytes(), info.getMemoryBytes());
    }

    /** A vector collection: metric DOT when the model normalises its vectors, else COSINE. */
    public static CreateCollectionRequest createDense(String name, int dimension, IndexKind kind, boolean normalized,
                                                      String fingerprint) {
        return CreateCollectionRequest.newBuilder().setName(name).setDimension(dimension).setKind(kind(kind))
                .setMetric(normalized ? Metric.METRIC_DOT : Metric.METRIC_COSINE).setFingerprint(fingerprint).build();
    }

    /** A sparse collection of kind EXACT (an inverted index in the index-service; dimension 0, dot product). */
    public static CreateCollectionRequest createSparse(String name, String fingerprint) {
        return CreateCollectionRequest.newBuilder().setName(name).setDimension(0).setMetric(Metric.METRIC_DOT)
                .setRepresentation(Representation.REPRESENTATION_SPARSE).setFingerprint(fingerprint).build();
    }

    /** A multi-vector collection of kind EXACT: token rows of {@code dimension}, COSINE (rows normalised) unless {@code normalized}. */
    public static CreateCollectionRequest createMultiVector(String name, int dimension, boolean normalized, String fingerprint) {
        return CreateCollectionRequest.newBuilder().setName(name).setDimension(dimension)
                .setMetric(normalized ? Metric.METRIC_DOT : Metric.METRIC_COSINE)
                .setRepresentation(Representation.REPRESENTATION_MULTIVECTOR).setFingerprint(fingerprint).build();
    }

    /** Points of a sparse ({@code sparse} true: rows as {@code retriever.SparseRows}) or multi-vector collection. */
    public static UpsertRequest upsertRows(String collection, List<Document> docs, List<float[]> rows, boolean sparse) {
        UpsertRequest.Builder req = UpsertRequest.newBuilder().setCollection(collection);
        for (int i = 0; i < docs.size(); i++) {
            Point.Builder p = Point.newBuilder().setPayload(payload(docs.get(i)));
            if (sparse) {
                p.setSparse(sparseVector(rows.get(i)));
            } else {
                p.setMultivector(MultiVector.newBuilder().addAllValues(boxed(rows.get(i))));
            }
            req.addPoints(p);
        }
        return req.build();
    }

    /** A search of sparse rows or token matrices, one query per row. */
    public static SearchBatchRequest searchRows(String collection, List<float[]> rows, boolean sparse, int topN) {
        SearchBatchRequest.Builder req = SearchBatchRequest.newBuilder().setCollection(collection).setTopN(topN);
        for (float[] row : rows) {
            if (sparse) {
                req.addSparseQueries(sparseVector(row));
            } else {
                req.addMultivectorQueries(MultiVector.newBuilder().addAllValues(boxed(row)));
            }
        }
        return req.build();
    }

    private static SparseVector sparseVector(float[] row) {
        SparseVector.Builder v = SparseVector.newBuilder();
        for (int index : io.clirbench.gateway.retriever.SparseRows.indices(row)) {
            v.addIndices(index);
        }
        return v.addAllValues(boxed(io.clirbench.gateway.retriever.SparseRows.weights(row))).build();
    }

    /** A BM25 collection (dimension 0). */
    public static CreateCollectionRequest createBm25(String name, String fingerprint) {
        return CreateCollectionRequest.newBuilder().setName(name).setDimension(0).setFingerprint(fingerprint)
                .setKind(io.clirbench.proto.index.v1.IndexKind.INDEX_KIND_BM25).build();
    }

    static io.clirbench.proto.index.v1.IndexKind kind(IndexKind kind) {
        return switch (kind) {
            case EXACT -> io.clirbench.proto.index.v1.IndexKind.INDEX_KIND_EXACT;
            case HNSW -> io.clirbench.proto.index.v1.IndexKind.INDEX_KIND_HNSW;
            case QDRANT -> io.clirbench.proto.index.v1.IndexKind.INDEX_KIND_QDRANT;
        };
    }

    /** Documents with their indexed text (bench-core {@link Document#indexedText()}) and payload. */
    public static IndexTextsRequest indexTexts(String collection, List<Document> docs) {
        IndexTextsRequest.Builder req = IndexTextsRequest.newBuilder().setCollection(collection);
        for (Document d : docs) {
            req.addDocuments(TextDocument.newBuilder().setPayload(payload(d)).setText(d.indexedText()));
        }
        return req.build();
    }

    /** Points: {@code vectors[i]} is the vector of {@code docs.get(i)}. */
    public static UpsertRequest upsert(String collection, List<Document> docs, List<float[]> vectors) {
        UpsertRequest.Builder req = UpsertRequest.newBuilder().setCollection(collection);
        for (int i = 0; i < docs.size(); i++) {
            req.addPoints(Point.newBuilder().setPayload(payload(docs.get(i))).addAllVector(boxed(vectors.get(i))));
        }
        return req.build();
    }

    public static SearchTextRequest searchText(String collection, String text, String lang, int topN) {
        return SearchTextRequest.newBuilder().setCollection(collection).setText(text).setLang(lang).setTopN(topN).build();
    }

    /** A text search analysed as {@code lang} among the documents of language {@code docLang} only. */
    public static SearchTextRequest searchText(String collection, String text, String lang, int topN, String docLang) {
        return searchText(collection, text, lang, topN).toBuilder()
                .setFilter(io.clirbench.proto.index.v1.Filter.newBuilder().addLangs(docLang)).build();
    }

    /** A text batch: each query analysed by its language, scored by {@code chain}, over every document. */
    public static io.clirbench.proto.index.v1.SearchTextBatchRequest searchTextBatch(
            String collection, List<io.clirbench.gateway.client.TextSearch> queries, int topN,
            io.clirbench.proto.index.v1.LexicalChain chain) {
        var req = io.clirbench.proto.index.v1.SearchTextBatchRequest.newBuilder()
                .setCollection(collection).setTopN(topN).setChain(chain);
        for (var q : queries) {
            req.addQueries(io.clirbench.proto.index.v1.TextQuery.newBuilder().setText(q.text()).setLang(q.lang()));
        }
        return req.build();
    }

    public static SearchBatchRequest searchBatch(String collection, List<float[]> vectors, int topN) {
        SearchBatchRequest.Builder req = SearchBatchRequest.newBuilder().setCollection(collection).setTopN(topN);
        for (float[] v : vectors) {
            req.addQueries(QueryVector.newBuilder().addAllValues(boxed(v)));
        }
        return req.build();
    }

    /** The hits in the index-service's order (its scores widened to double). */
    public static RankedList rankedList(String queryId, SearchResponse response) {
        int n = response.getHitsCount();
        String[] ids = new String[n];
        double[] scores = new double[n];
        for (int i = 0; i < n; i++) {
            ids[i] = response.getHits(i).getDocId();
            scores[i] = response.getHits(i).getScore();
        }
        return new RankedList(queryId, ids, scores);
    }

    static Payload payload(Document d) {
        return Payload.newBuilder().setDocId(d.id()).setLang(d.lang()).setFamily(d.family()).build();
    }

    private static List<Float> boxed(float[] v) {
        List<Float> out = new ArrayList<>(v.length);
        for (float f : v) {
            out.add(f);
        }
        return out;
    }
}
