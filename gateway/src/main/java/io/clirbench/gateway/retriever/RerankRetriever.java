package io.clirbench.gateway.retriever;

import io.clirbench.core.fusion.Rerank;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import io.clirbench.core.run.RankedList;
import io.clirbench.core.search.RerankId;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.gateway.client.EmbedClient;
import io.clirbench.gateway.client.EmbedRole;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code rerank(A, MODEL, K)}: runs A, embeds each query (QUERY) and the distinct documents of every top K
 * (DOCUMENT) with MODEL through its embedder pods and the embedding cache, scores each pooled document by
 * the similarity of the two vectors (cosine; the dot product when the model normalises, which is the same),
 * and publishes bench-core {@link Rerank#merge} (METRICS.md §6): the pool re-sorted, the rest in A's order.
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
        embedClient.info(r.model(), embedClient.endpoints(r.model()));     // fail early, naming the model
        Map<String, RankedList> first = inner.run(r.first(), task);
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
        task.timed(RetrievalTask.Timed.EMBED, t0);
        task.phase(RetrieverPhase.SEARCHING);
        for (int qi = 0; qi < queries.size(); qi++) {
            task.checkCancelled();
            long s0 = System.nanoTime();
            Query q = queries.get(qi);
            RankedList l = first.getOrDefault(q.id(), new RankedList(q.id(), new String[0], new double[0]));
            int pool = Rerank.pool(l, r.k());
            double[] scores = new double[pool];
            for (int i = 0; i < pool; i++) {
                scores[i] = cosine(queryVectors[qi], docVectors[pooled.get(l.docIds()[i])]);
            }
            task.queriesSearched(1);
            task.publish(Rerank.merge(l, r.k(), scores), (System.nanoTime() - s0) / 1000);
        }
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
