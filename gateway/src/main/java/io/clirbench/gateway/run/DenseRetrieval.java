package io.clirbench.gateway.run;

import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import io.clirbench.gateway.client.EmbedClient;
import io.clirbench.gateway.client.IndexClient;
import io.clirbench.proto.embed.v1.InfoResponse;
import io.clirbench.proto.embed.v1.Role;
import io.clirbench.proto.events.v1.Hit;
import io.clirbench.proto.index.v1.CollectionInfo;
import io.clirbench.proto.index.v1.CreateCollectionRequest;
import io.clirbench.proto.index.v1.DropCollectionRequest;
import io.clirbench.proto.index.v1.IndexKind;
import io.clirbench.proto.index.v1.Metric;
import io.clirbench.proto.index.v1.Payload;
import io.clirbench.proto.index.v1.Point;
import io.clirbench.proto.index.v1.QueryVector;
import io.clirbench.proto.index.v1.SearchBatchRequest;
import io.clirbench.proto.index.v1.SearchBatchResponse;
import io.clirbench.proto.index.v1.SearchResponse;
import io.clirbench.proto.index.v1.UpsertRequest;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A dense retriever: embed (through the cache), fill or reuse the collection, search in batches, publish. */
@ApplicationScoped
public class DenseRetrieval {

    /** About 4 MiB of floats per upsert request. */
    private static final int UPSERT_FLOATS = 1 << 20;

    private final EmbedClient embedClient;
    private final CachedEmbedder embedder;
    private final IndexClient index;
    private final io.clirbench.gateway.config.GatewayConfig config;

    DenseRetrieval(EmbedClient embedClient, CachedEmbedder embedder, IndexClient index,
                   io.clirbench.gateway.config.GatewayConfig config) {
        this.embedClient = embedClient;
        this.embedder = embedder;
        this.index = index;
        this.config = config;
    }

    void run(RunContext ctx, RetrieverSpec spec, RunTracker.Progress progress) throws InterruptedException {
        String model = spec.modelId();
        InfoResponse info = embedClient.info(model, embedClient.endpoints(model));
        String collection = RunContext.collectionName(ctx.dataset.info().id(), model, spec.indexKind());
        List<Document> docs = ctx.dataset.corpus();
        progress.state("EMBEDDING");
        long t0 = System.nanoTime();
        CollectionInfo existing = index.describe(collection);
        ctx.tracker.timed(RunTracker.Phase.INDEX, t0);
        if (existing != null && existing.getCount() == docs.size() && existing.getDimension() == info.getDimension()) {
            progress.documentsEmbedded(docs.size());
        } else {
            t0 = System.nanoTime();
            float[][] vectors = embedder.embed(model, docs.stream().map(RunContext::documentText).toList(),
                    Role.DOCUMENT, progress::documentsEmbedded);
            ctx.tracker.timed(RunTracker.Phase.EMBED, t0);
            ctx.checkCancelled();
            progress.state("INDEXING");
            t0 = System.nanoTime();
            fill(collection, existing != null, info, kind(spec.indexKind()), docs, vectors);
            ctx.tracker.timed(RunTracker.Phase.INDEX, t0);
        }
        ctx.checkCancelled();
        List<Query> queries = ctx.dataset.queries();
        t0 = System.nanoTime();
        float[][] queryVectors = embedder.embed(model, queries.stream().map(Query::text).toList(), Role.QUERY,
                progress::queriesEmbedded);
        ctx.tracker.timed(RunTracker.Phase.EMBED, t0);
        progress.state("SEARCHING");
        search(ctx, spec, progress, collection, queries, queryVectors);
    }

    private void search(RunContext ctx, RetrieverSpec spec, RunTracker.Progress progress, String collection,
                        List<Query> queries, float[][] vectors) throws InterruptedException {
        int size = config.search().batchQueries();
        for (int from = 0; from < queries.size(); from += size) {
            ctx.checkCancelled();
            int to = Math.min(queries.size(), from + size);
            SearchBatchRequest.Builder req = SearchBatchRequest.newBuilder().setCollection(collection).setTopN(ctx.depth);
            for (int i = from; i < to; i++) {
                req.addQueries(QueryVector.newBuilder().addAllValues(boxed(vectors[i])));
            }
            long t0 = System.nanoTime();
            SearchBatchResponse response = index.stub().searchBatch(req.build());
            long micros = (System.nanoTime() - t0) / 1000 / (to - from);
            ctx.tracker.timed(RunTracker.Phase.SEARCH, t0);
            progress.queriesSearched(to - from);
            for (int i = from; i < to; i++) {
                ctx.publish(progress, spec.id(), queries.get(i).id(), hits(response.getResults(i - from)), micros);
            }
        }
    }

    static List<Hit> hits(SearchResponse response) {
        List<Hit> hits = new ArrayList<>(response.getHitsCount());
        for (var h : response.getHitsList()) {
            hits.add(Hit.newBuilder().setDocId(h.getDocId()).setScore(h.getScore()).build());
        }
        return hits;
    }

    private void fill(String collection, boolean exists, InfoResponse info, IndexKind kind, List<Document> docs,
                      float[][] vectors) {
        if (exists) {
            index.stub().dropCollection(DropCollectionRequest.newBuilder().setName(collection).build());
        }
        index.stub().createCollection(CreateCollectionRequest.newBuilder().setName(collection)
                .setDimension(info.getDimension()).setKind(kind)
                .setMetric(info.getNormalized() ? Metric.METRIC_DOT : Metric.METRIC_COSINE).build());
        int batch = Math.max(1, UPSERT_FLOATS / Math.max(1, info.getDimension()));
        for (int from = 0; from < docs.size(); from += batch) {
            UpsertRequest.Builder req = UpsertRequest.newBuilder().setCollection(collection);
            for (int i = from; i < Math.min(docs.size(), from + batch); i++) {
                Document d = docs.get(i);
                req.addPoints(Point.newBuilder().setPayload(payload(d)).addAllVector(boxed(vectors[i])));
            }
            index.stub().upsert(req.build());
        }
    }

    static Payload payload(Document d) {
        return Payload.newBuilder().setDocId(d.id()).setLang(d.lang()).setFamily(d.family()).build();
    }

    static IndexKind kind(String indexKind) {
        return switch (indexKind.toLowerCase(Locale.ROOT)) {
            case "exact" -> IndexKind.INDEX_KIND_EXACT;
            case "hnsw" -> IndexKind.INDEX_KIND_HNSW;
            case "qdrant" -> IndexKind.INDEX_KIND_QDRANT;
            default -> throw new IllegalArgumentException("unknown index kind '" + indexKind + "'");
        };
    }

    private static List<Float> boxed(float[] v) {
        List<Float> out = new ArrayList<>(v.length);
        for (float f : v) {
            out.add(f);
        }
        return out;
    }
}
