package io.clirbench.index.store.qdrant;

import static io.qdrant.client.ConditionFactory.matchKeywords;
import static io.qdrant.client.PointIdFactory.id;
import static io.qdrant.client.ValueFactory.value;
import static io.qdrant.client.QueryFactory.nearest;
import static io.qdrant.client.VectorFactory.multiVector;
import static io.qdrant.client.VectorFactory.vector;
import static io.qdrant.client.VectorsFactory.namedVectors;
import static io.qdrant.client.VectorsFactory.vectors;
import static io.qdrant.client.WithPayloadSelectorFactory.enable;

import io.clirbench.index.store.CollectionSpec;
import io.clirbench.index.store.Hit;
import io.clirbench.index.store.Metric;
import io.clirbench.index.store.PayloadFilter;
import io.clirbench.index.store.PointPayload;
import io.clirbench.index.store.Points;
import io.clirbench.index.store.StoreFailureException;
import io.clirbench.index.store.VectorStore;
import io.qdrant.client.QdrantClient;
import io.clirbench.index.store.Representation;
import io.clirbench.index.store.RepresentedPoints;
import io.clirbench.index.store.SparseVector;
import io.qdrant.client.grpc.Collections.CreateCollection;
import io.qdrant.client.grpc.Collections.Distance;
import io.qdrant.client.grpc.Collections.MultiVectorComparator;
import io.qdrant.client.grpc.Collections.MultiVectorConfig;
import io.qdrant.client.grpc.Collections.SparseVectorConfig;
import io.qdrant.client.grpc.Collections.SparseVectorParams;
import io.qdrant.client.grpc.Collections.VectorsConfig;
import io.qdrant.client.grpc.Points.QueryPoints;
import io.qdrant.client.grpc.Points.Vectors;
import io.qdrant.client.grpc.Collections.VectorParams;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.JsonWithInt.Value;
import io.qdrant.client.grpc.Points.BatchResult;
import io.qdrant.client.grpc.Points.PointStruct;
import io.qdrant.client.grpc.Points.ScoredPoint;
import io.qdrant.client.grpc.Points.SearchParams;
import io.qdrant.client.grpc.Points.SearchPoints;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.IntFunction;

/**
 * Adapter of the {@link VectorStore} port onto a Qdrant server through the official Java client (gRPC).
 * One Qdrant collection per (dataset, model) collection of this service, under the same name. Point ids
 * are name-based UUIDs of the doc ids (Qdrant accepts only integers and UUIDs); the payload carries
 * {@code doc_id}, {@code lang} and {@code family}. Searches go out as one {@code SearchBatch} call;
 * {@code ef = 0} asks Qdrant for an exact (full-scan) search, {@code ef > 0} for HNSW with that beam.
 * Hits are re-sorted by score, ties by doc id, which Qdrant does not promise.
 */
public final class QdrantStore implements VectorStore {

    static final String DOC_ID = "doc_id";
    static final String LANG = "lang";
    static final String FAMILY = "family";
    private static final int UPSERT_BATCH = 512;

    private final CollectionSpec spec;
    private final QdrantClient client;
    private final Duration timeout;

    private QdrantStore(CollectionSpec spec, QdrantClient client, Duration timeout) {
        this.spec = spec;
        this.client = client;
        this.timeout = timeout;
    }

    /** The name of the sparse vector of a SPARSE collection's points (Qdrant keeps sparse vectors named). */
    static final String SPARSE = "sparse";

    /**
     * Creates the collection on the server and returns its adapter: DENSE a vector of the dimension; SPARSE a named
     * sparse vector {@value #SPARSE} (dot product); MULTIVECTOR a vector of the dimension with a multivector config whose
     * comparator is MaxSim.
     */
    public static QdrantStore create(CollectionSpec spec, QdrantClient client, Duration timeout) {
        await(client.createCollectionAsync(createRequest(spec), timeout), "create collection '" + spec.name() + "'");
        return new QdrantStore(spec, client, timeout);
    }

    /** The create request of a spec (package-private: the contract test checks it). */
    static CreateCollection createRequest(CollectionSpec spec) {
        CreateCollection.Builder create = CreateCollection.newBuilder().setCollectionName(spec.name());
        Distance distance = spec.metric() == Metric.COSINE ? Distance.Cosine : Distance.Dot;
        if (spec.representation() == Representation.SPARSE) {
            return create.setSparseVectorsConfig(SparseVectorConfig.newBuilder()
                    .putMap(SPARSE, SparseVectorParams.getDefaultInstance())).build();
        }
        VectorParams.Builder params = VectorParams.newBuilder().setSize(spec.dimension()).setDistance(distance);
        if (spec.representation() == Representation.MULTIVECTOR) {
            params.setMultivectorConfig(MultiVectorConfig.newBuilder().setComparator(MultiVectorComparator.MaxSim));
        }
        return create.setVectorsConfig(VectorsConfig.newBuilder().setParams(params)).build();
    }

    /** Adapter for a collection that already exists on the server (after a restart of this service). */
    public static QdrantStore attach(CollectionSpec spec, QdrantClient client, Duration timeout) {
        return new QdrantStore(spec, client, timeout);
    }

    /** The Qdrant point id of a doc id: a name-based (version 3) UUID of its UTF-8 bytes. */
    public static UUID pointId(String docId) {
        return UUID.nameUUIDFromBytes(docId.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public CollectionSpec spec() {
        return spec;
    }

    @Override
    public long count() {
        return await(client.getCollectionInfoAsync(spec.name(), timeout), "describe collection '" + spec.name() + "'")
                .getPointsCount();
    }

    @Override
    public void upsert(Points points) {
        upsert(points.payloads(), i -> vectors(points.vectors().get(i)));
    }

    @Override
    public void upsert(RepresentedPoints points) {
        upsert(points.payloads(), i -> {
            if (spec.representation() == Representation.SPARSE) {
                SparseVector s = points.sparse().get(i);
                return namedVectors(Map.of(SPARSE, vector(floats(s.values()), ints(s.indices()))));
            }
            return vectors(multiVector(rows(points.matrices().get(i), spec.dimension())));
        });
    }

    /** Upserts the points, {@value #UPSERT_BATCH} a request: payload {@code i} with {@code vectorsOf.apply(i)}. */
    private void upsert(List<PointPayload> payloads, IntFunction<Vectors> vectorsOf) {
        List<PointStruct> batch = new ArrayList<>(UPSERT_BATCH);
        for (int i = 0; i < payloads.size(); i++) {
            PointPayload p = payloads.get(i);
            batch.add(PointStruct.newBuilder()
                    .setId(id(pointId(p.docId())))
                    .setVectors(vectorsOf.apply(i))
                    .putAllPayload(Map.of(DOC_ID, value(p.docId()), LANG, value(p.lang()), FAMILY, value(p.family())))
                    .build());
            if (batch.size() == UPSERT_BATCH || i == payloads.size() - 1) {
                await(client.upsertAsync(spec.name(), batch, timeout), "upsert into '" + spec.name() + "'");
                batch = new ArrayList<>(UPSERT_BATCH);
            }
        }
    }

    /** Qdrant's Query API: {@code nearest} the sparse vector, {@code using} {@value #SPARSE} (an exact dot product over its index). */
    @Override
    public List<List<Hit>> searchSparse(List<SparseVector> queries, int n, PayloadFilter filter) {
        List<QueryPoints> batch = new ArrayList<>(queries.size());
        for (SparseVector q : queries) {
            batch.add(query(n, filter).setQuery(nearest(floats(q.values()), ints(q.indices()))).setUsing(SPARSE).build());
        }
        return hits(await(client.queryBatchAsync(spec.name(), batch, null, timeout), "search '" + spec.name() + "'"));
    }

    /**
     * Qdrant's Query API: {@code nearest} the query matrix, scored by the collection's MaxSim comparator, exact (a full
     * scan: Qdrant has no candidate stage of this service's kind, so {@code candidates} is not used).
     */
    @Override
    public List<List<Hit>> searchMultiVector(List<float[]> queries, int n, PayloadFilter filter, int candidates) {
        List<QueryPoints> batch = new ArrayList<>(queries.size());
        for (float[] q : queries) {
            batch.add(query(n, filter).setQuery(nearest(rows(q, spec.dimension())))
                    .setParams(SearchParams.newBuilder().setExact(true)).build());
        }
        return hits(await(client.queryBatchAsync(spec.name(), batch, null, timeout), "search '" + spec.name() + "'"));
    }

    private QueryPoints.Builder query(int n, PayloadFilter filter) {
        QueryPoints.Builder b = QueryPoints.newBuilder().setCollectionName(spec.name()).setLimit(n).setWithPayload(enable(true));
        Filter qfilter = filter(filter);
        if (qfilter != null) {
            b.setFilter(qfilter);
        }
        return b;
    }

    private static List<List<Hit>> hits(List<BatchResult> results) {
        List<List<Hit>> out = new ArrayList<>(results.size());
        for (BatchResult r : results) {
            List<Hit> hits = new ArrayList<>(r.getResultCount());
            for (ScoredPoint sp : r.getResultList()) {
                Map<String, Value> payload = sp.getPayloadMap();
                hits.add(new Hit(text(payload, DOC_ID), sp.getScore(), text(payload, LANG), text(payload, FAMILY)));
            }
            hits.sort(Comparator.comparingDouble((Hit h) -> -h.score()).thenComparing(Hit::docId));
            out.add(hits);
        }
        return out;
    }

    private static List<Float> floats(float[] values) {
        List<Float> out = new ArrayList<>(values.length);
        for (float x : values) {
            out.add(x);
        }
        return out;
    }

    private static List<Integer> ints(int[] values) {
        List<Integer> out = new ArrayList<>(values.length);
        for (int x : values) {
            out.add(x);
        }
        return out;
    }

    private static float[][] rows(float[] matrix, int dim) {
        float[][] out = new float[matrix.length / dim][];
        for (int r = 0; r < out.length; r++) {
            out[r] = java.util.Arrays.copyOfRange(matrix, r * dim, (r + 1) * dim);
        }
        return out;
    }

    @Override
    public List<List<Hit>> search(float[][] queries, int n, PayloadFilter filter, int ef) {
        Filter qfilter = filter(filter);
        SearchParams params = ef > 0 ? SearchParams.newBuilder().setHnswEf(ef).build()
                : SearchParams.newBuilder().setExact(true).build();
        List<SearchPoints> searches = new ArrayList<>(queries.length);
        for (float[] q : queries) {
            SearchPoints.Builder b = SearchPoints.newBuilder()
                    .setCollectionName(spec.name())
                    .setLimit(n)
                    .setWithPayload(enable(true))
                    .setParams(params);
            for (float x : q) {
                b.addVector(x);
            }
            if (qfilter != null) {
                b.setFilter(qfilter);
            }
            searches.add(b.build());
        }
        return hits(await(client.searchBatchAsync(spec.name(), searches, null, timeout), "search '" + spec.name() + "'"));
    }

    private static String text(Map<String, Value> payload, String key) {
        Value v = payload.get(key);
        return v == null ? "" : v.getStringValue();
    }

    private static Filter filter(PayloadFilter filter) {
        if (filter.isEmpty()) {
            return null;
        }
        Filter.Builder b = Filter.newBuilder();
        if (!filter.langs().isEmpty()) {
            b.addMust(matchKeywords(LANG, filter.langs().stream().sorted().toList()));
        }
        if (!filter.families().isEmpty()) {
            b.addMust(matchKeywords(FAMILY, filter.families().stream().sorted().toList()));
        }
        return b.build();
    }

    private static <T> T await(Future<T> future, String what) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreFailureException("Qdrant: " + what + " interrupted", e);
        } catch (ExecutionException e) {
            throw new StoreFailureException("Qdrant: " + what + " failed: " + e.getCause().getMessage(), e.getCause());
        }
    }

    @Override
    public void close() {
        // the client is shared and closed by its owner
    }

    @Override
    public void drop() {
        // a collection already deleted on the server (by hand, or a server reset) counts as dropped
        if (await(client.collectionExistsAsync(spec.name(), timeout), "look up collection '" + spec.name() + "'")) {
            await(client.deleteCollectionAsync(spec.name(), timeout), "delete collection '" + spec.name() + "'");
        }
    }
}
