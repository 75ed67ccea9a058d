package io.clirbench.index.store.qdrant;

import static io.qdrant.client.ConditionFactory.matchKeywords;
import static io.qdrant.client.PointIdFactory.id;
import static io.qdrant.client.ValueFactory.value;
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
import io.qdrant.client.grpc.Collections.Distance;
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

    /** Creates the collection on the server and returns its adapter. */
    public static QdrantStore create(CollectionSpec spec, QdrantClient client, Duration timeout) {
        Distance distance = spec.metric() == Metric.COSINE ? Distance.Cosine : Distance.Dot;
        VectorParams params = VectorParams.newBuilder().setSize(spec.dimension()).setDistance(distance).build();
        await(client.createCollectionAsync(spec.name(), params, timeout), "create collection '" + spec.name() + "'");
        return new QdrantStore(spec, client, timeout);
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
        List<PointStruct> batch = new ArrayList<>(UPSERT_BATCH);
        for (int i = 0; i < points.size(); i++) {
            PointPayload p = points.payloads().get(i);
            batch.add(PointStruct.newBuilder()
                    .setId(id(pointId(p.docId())))
                    .setVectors(vectors(points.vectors().get(i)))
                    .putAllPayload(Map.of(DOC_ID, value(p.docId()), LANG, value(p.lang()), FAMILY, value(p.family())))
                    .build());
            if (batch.size() == UPSERT_BATCH || i == points.size() - 1) {
                await(client.upsertAsync(spec.name(), batch, timeout), "upsert into '" + spec.name() + "'");
                batch = new ArrayList<>(UPSERT_BATCH);
            }
        }
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
        List<BatchResult> results = await(client.searchBatchAsync(spec.name(), searches, null, timeout),
                "search '" + spec.name() + "'");
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
