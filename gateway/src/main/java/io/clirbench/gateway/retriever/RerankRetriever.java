package io.clirbench.gateway.retriever;

import io.clirbench.core.fusion.Rerank;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import io.clirbench.core.run.RankedList;
import io.clirbench.core.search.RerankId;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.gateway.client.EmbedClient;
import io.clirbench.gateway.client.EmbedRole;
import io.clirbench.gateway.client.EncoderInfo;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code rerank(A, MODEL, K)}: runs A and re-scores each query's top K with MODEL, then publishes bench-core
 * {@link Rerank#merge} (METRICS.md §6): the pool re-sorted, the rest in A's order. A bi-encoder MODEL embeds
 * each query (QUERY) and the distinct pooled documents (DOCUMENT) through its embedder pods and the embedding
 * cache and scores by the similarity of the two vectors (cosine; the dot product when the model normalises,
 * which is the same); a cross-encoder MODEL (its embedders' Info says {@code kind: cross-encoder}) scores each
 * (query, document) pair of the pool with embed.v1 {@code Score}.
 */
@ApplicationScoped
public class RerankRetriever implements Retriever {

    private final InnerRetrievers inner;
    private final CachedEmbedder embedder;
    private final EmbedClient embedClient;
    private final DenseRetriever dense;

    RerankRetriever(InnerRetrievers inner, CachedEmbedder embedder, EmbedClient embedClient, DenseRetriever dense) {
        this.inner = inner;
        this.embedder = embedder;
        this.embedClient = embedClient;
        this.dense = dense;
    }

    @Override
    public String kind() {
        return RerankId.KIND;
    }

    @Override
    public Optional<String> problem(RetrieverId id) {
        RerankId r = (RerankId) id;
        return inner.problem(r.first()).or(() -> dense.modelProblem(r.model()));
    }

    @Override
    public void retrieve(RetrieverId id, RetrievalTask task) throws InterruptedException {
        RerankId r = (RerankId) id;
        EncoderInfo info = embedClient.info(r.model(), embedClient.endpoints(r.model()));     // fail early, naming the model
        Map<String, RankedList> first = inner.run(r.first(), task);
        if (info.crossEncoder()) {
            crossEncode(r, task, first);
            return;
        }
        Map<String, Document> docs = new HashMap<>();
        task.dataset().corpus().forEach(d -> docs.put(d.id(), d));
        Map<String, Integer> pooled = new LinkedHashMap<>();
        for (RankedList l : first.values()) {
            for (int i = 0; i < Rerank.pool(l, r.k()); i++) {
                pooled.putIfAbsent(l.docIds()[i], pooled.size());
            }
        }
        task.phase(RetrieverPhase.EMBEDDING);
        long t0 = System.nanoTime();
        List<String> pooledTexts = new ArrayList<>();
        pooled.keySet().forEach(d -> pooledTexts.add(docs.get(d).indexedText()));
        float[][] docVectors = embedder.embed(r.model(), pooledTexts, EmbedRole.DOCUMENT, n -> { });
        List<Query> queries = task.dataset().queries();
        float[][] queryVectors = embedder.embed(r.model(), queries.stream().map(Query::text).toList(), EmbedRole.QUERY, n -> { });
        task.embedded(pooledTexts.size() + queries.size(), t0);
        publishMerged(task, first, r.k(), (qi, l, pool) -> {
            double[] scores = new double[pool];
            for (int i = 0; i < pool; i++) {
                scores[i] = cosine(queryVectors[qi], docVectors[pooled.get(l.docIds()[i])]);
            }
            return scores;
        });
    }

    /** The new scores of one query's pool (its first {@code pool} documents of {@code list}). */
    @FunctionalInterface
    private interface PoolScores {
        double[] of(int queryIndex, RankedList list, int pool);
    }

    /** Each query's first-stage list with its pool re-sorted by {@code scores} (bench-core {@link Rerank#merge}), published. */
    private static void publishMerged(RetrievalTask task, Map<String, RankedList> first, int k, PoolScores scores)
            throws InterruptedException {
        task.phase(RetrieverPhase.SEARCHING);
        List<Query> queries = task.dataset().queries();
        for (int qi = 0; qi < queries.size(); qi++) {
            task.checkCancelled();
            long s0 = System.nanoTime();
            RankedList l = firstList(first, queries.get(qi));
            double[] pooled = scores.of(qi, l, Rerank.pool(l, k));
            task.queriesSearched(1);
            task.publish(Rerank.merge(l, k, pooled), (System.nanoTime() - s0) / 1000);
        }
    }

    private static RankedList firstList(Map<String, RankedList> first, Query q) {
        return first.getOrDefault(q.id(), new RankedList(q.id(), new String[0], new double[0]));
    }

    /** Every pooled (query, document) pair scored by the cross-encoder in one job, then each query's pool merged. */
    private void crossEncode(RerankId r, RetrievalTask task, Map<String, RankedList> first) throws InterruptedException {
        Map<String, Document> docs = new HashMap<>();
        task.dataset().corpus().forEach(d -> docs.put(d.id(), d));
        List<Query> queries = task.dataset().queries();
        List<String[]> pairs = new ArrayList<>();
        int[] offsets = new int[queries.size()];
        for (int qi = 0; qi < queries.size(); qi++) {
            Query q = queries.get(qi);
            RankedList l = firstList(first, q);
            offsets[qi] = pairs.size();
            for (int i = 0; i < Rerank.pool(l, r.k()); i++) {
                pairs.add(new String[] {q.text(), docs.get(l.docIds()[i]).indexedText()});
            }
        }
        task.phase(RetrieverPhase.EMBEDDING);
        long t0 = System.nanoTime();
        double[] scores = new double[pairs.size()];
        embedClient.score(r.model(), pairs, (from, batch) -> System.arraycopy(batch, 0, scores, from, batch.length));
        task.queriesEmbedded(queries.size());
        task.embedded(pairs.size(), t0); // a cross-encoder scores (query, document) pairs: its "texts" are the pairs
        publishMerged(task, first, r.k(), (qi, l, pool) -> java.util.Arrays.copyOfRange(scores, offsets[qi], offsets[qi] + pool));
    }

    static double cosine(float[] a, float[] b) {
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += a[i] * b[i];
            na += a[i] * a[i];
            nb += b[i] * b[i];
        }
        return na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
    }
}
