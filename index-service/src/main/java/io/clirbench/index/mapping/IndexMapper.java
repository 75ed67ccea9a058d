package io.clirbench.index.mapping;

import io.clirbench.index.store.CollectionSpec;
import io.clirbench.index.store.Hit;
import io.clirbench.index.store.IndexKind;
import io.clirbench.index.store.Metric;
import io.clirbench.index.store.PayloadFilter;
import io.clirbench.index.store.PointPayload;
import io.clirbench.index.store.Points;
import io.clirbench.proto.index.v1.CollectionInfo;
import io.clirbench.proto.index.v1.CreateCollectionRequest;
import io.clirbench.proto.index.v1.Filter;
import io.clirbench.proto.index.v1.Payload;
import io.clirbench.proto.index.v1.Point;
import io.clirbench.proto.index.v1.SearchResponse;

import java.util.ArrayList;
import java.util.List;

/** Converts between {@code index.v1} messages and the store's domain types. */
public final class IndexMapper {

    private IndexMapper() {
    }

    public static CollectionSpec spec(CreateCollectionRequest r) {
        return new CollectionSpec(r.getName(), r.getDimension(), metric(r.getMetric()), kind(r.getKind()),
                r.getHnswM(), r.getHnswEfConstruction(), r.getFingerprint());
    }

    public static CollectionInfo info(CollectionSpec spec, long count, long textCount) {
        return CollectionInfo.newBuilder()
                .setName(spec.name())
                .setDimension(spec.dimension())
                .setMetric(spec.metric() == Metric.COSINE ? io.clirbench.proto.index.v1.Metric.METRIC_COSINE
                        : io.clirbench.proto.index.v1.Metric.METRIC_DOT)
                .setKind(io.clirbench.proto.index.v1.IndexKind.valueOf("INDEX_KIND_" + spec.kind().name()))
                .setCount(count)
                .setTextCount(textCount)
                .addAllPayloadFields(List.of("doc_id", "lang", "family"))
                .setFingerprint(spec.fingerprint())
                .build();
    }

    static Metric metric(io.clirbench.proto.index.v1.Metric m) {
        return switch (m) {
            case METRIC_UNSPECIFIED, METRIC_DOT -> Metric.DOT;
            case METRIC_COSINE -> Metric.COSINE;
            case UNRECOGNIZED -> throw new IllegalArgumentException("unknown metric value");
        };
    }

    static IndexKind kind(io.clirbench.proto.index.v1.IndexKind k) {
        return switch (k) {
            case INDEX_KIND_UNSPECIFIED, INDEX_KIND_EXACT -> IndexKind.EXACT;
            case INDEX_KIND_HNSW -> IndexKind.HNSW;
            case INDEX_KIND_QDRANT -> IndexKind.QDRANT;
            case INDEX_KIND_BM25 -> IndexKind.BM25;
            case UNRECOGNIZED -> throw new IllegalArgumentException("unknown index kind value");
        };
    }

    public static PointPayload payload(Payload p) {
        return new PointPayload(p.getDocId(), p.getLang(), p.getFamily());
    }

    public static Points points(List<Point> points) {
        List<float[]> vectors = new ArrayList<>(points.size());
        List<PointPayload> payloads = new ArrayList<>(points.size());
        for (Point p : points) {
            vectors.add(floats(p.getVectorList()));
            payloads.add(payload(p.getPayload()));
        }
        return new Points(vectors, payloads);
    }

    public static float[] floats(List<Float> values) {
        float[] v = new float[values.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = values.get(i);
        }
        return v;
    }

    /** The chain a text search scores with; unspecified is {@code STEM} (the {@code bm25} retriever). */
    public static io.clirbench.lexical.LexicalChain chain(io.clirbench.proto.index.v1.LexicalChain c) {
        return switch (c) {
            case LEXICAL_CHAIN_PLAIN -> io.clirbench.lexical.LexicalChain.PLAIN;
            case LEXICAL_CHAIN_STEM_PLAIN -> io.clirbench.lexical.LexicalChain.STEM_PLAIN;
            case LEXICAL_CHAIN_UNSPECIFIED, LEXICAL_CHAIN_STEM, UNRECOGNIZED -> io.clirbench.lexical.LexicalChain.STEM;
        };
    }

    public static PayloadFilter filter(Filter f) {
        return new PayloadFilter(java.util.Set.copyOf(f.getLangsList()), java.util.Set.copyOf(f.getFamiliesList()));
    }

    public static SearchResponse response(List<Hit> hits) {
        SearchResponse.Builder b = SearchResponse.newBuilder();
        for (Hit h : hits) {
            b.addHitsBuilder().setDocId(h.docId()).setScore(h.score()).setLang(h.lang()).setFamily(h.family());
        }
        return b.build();
    }
}
