package io.clirbench.index.mapping;

import io.clirbench.index.store.CollectionSpec;
import io.clirbench.index.store.Hit;
import io.clirbench.index.store.StoreKind;
import io.clirbench.index.store.Metric;
import io.clirbench.index.store.PayloadFilter;
import io.clirbench.index.store.PointPayload;
import io.clirbench.index.store.Points;
import io.clirbench.index.store.InvalidRequestException;
import io.clirbench.index.store.Representation;
import io.clirbench.index.store.RepresentedPoints;
import io.clirbench.index.store.SparseVector;
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
                r.getHnswM(), r.getHnswEfConstruction(), r.getFingerprint(), representation(r.getRepresentation()));
    }

    static Representation representation(io.clirbench.proto.index.v1.Representation r) {
        return switch (r) {
            case REPRESENTATION_UNSPECIFIED, REPRESENTATION_DENSE -> Representation.DENSE;
            case REPRESENTATION_SPARSE -> Representation.SPARSE;
            case REPRESENTATION_MULTIVECTOR -> Representation.MULTIVECTOR;
            case UNRECOGNIZED -> throw new IllegalArgumentException("unknown representation value");
        };
    }

    /**
     * The points of an upsert into a collection of {@code representation}: each point's field of that representation
     * ({@code vector}, {@code sparse} or {@code multivector}); another one set is refused, naming the point.
     */
    public static RepresentedPoints representedPoints(List<Point> points, Representation representation) {
        List<SparseVector> sparse = new ArrayList<>();
        List<float[]> matrices = new ArrayList<>();
        List<PointPayload> payloads = new ArrayList<>(points.size());
        for (Point p : points) {
            PointPayload payload = payload(p.getPayload());
            String what = "point '" + payload.docId() + "'";
            if (p.getVectorCount() > 0 || (representation == Representation.SPARSE ? p.hasMultivector() : p.hasSparse())) {
                throw new InvalidRequestException(what + ": a " + representation.name().toLowerCase(java.util.Locale.ROOT)
                        + " collection takes Point." + (representation == Representation.SPARSE ? "sparse" : "multivector") + " only");
            }
            if (representation == Representation.SPARSE) {
                sparse.add(sparse(p.getSparse(), what));
            } else {
                matrices.add(floats(p.getMultivector().getValuesList()));
            }
            payloads.add(payload);
        }
        return new RepresentedPoints(sparse, matrices, payloads);
    }

    public static SparseVector sparse(io.clirbench.proto.index.v1.SparseVector v, String what) {
        int[] indices = new int[v.getIndicesCount()];
        for (int i = 0; i < indices.length; i++) {
            indices[i] = v.getIndices(i);
        }
        return SparseVector.of(indices, floats(v.getValuesList()), what);
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
                .setRepresentation(io.clirbench.proto.index.v1.Representation.valueOf("REPRESENTATION_" + spec.representation().name()))
                .build();
    }

    static Metric metric(io.clirbench.proto.index.v1.Metric m) {
        return switch (m) {
            case METRIC_UNSPECIFIED, METRIC_DOT -> Metric.DOT;
            case METRIC_COSINE -> Metric.COSINE;
            case UNRECOGNIZED -> throw new IllegalArgumentException("unknown metric value");
        };
    }

    static StoreKind kind(io.clirbench.proto.index.v1.IndexKind k) {
        return switch (k) {
            case INDEX_KIND_UNSPECIFIED, INDEX_KIND_EXACT -> StoreKind.EXACT;
            case INDEX_KIND_HNSW -> StoreKind.HNSW;
            case INDEX_KIND_QDRANT -> StoreKind.QDRANT;
            case INDEX_KIND_BM25 -> StoreKind.BM25;
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
