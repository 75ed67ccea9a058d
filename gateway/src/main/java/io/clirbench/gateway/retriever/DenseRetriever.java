package io.clirbench.gateway.retriever;

import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import io.clirbench.core.search.AlignedDenseId;
import io.clirbench.core.search.DenseId;
import io.clirbench.core.search.IndexKind;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.gateway.client.CollectionState;
import io.clirbench.gateway.client.EmbedClient;
import io.clirbench.gateway.client.EmbedRole;
import io.clirbench.gateway.client.EncoderInfo;
import io.clirbench.gateway.client.Encoders;
import io.clirbench.gateway.client.IndexClient;
import io.clirbench.gateway.config.GatewayConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * {@code MODEL/INDEX}: embed the documents (through the cache) unless the collection
 * {@code <dataset>__<model>__<index>} can be reused (its {@link CollectionFingerprint} matches), fill it, embed the queries, search in batches, publish.
 */
@ApplicationScoped
public class DenseRetriever implements Retriever {

    private final EmbedClient embedClient;
    private final CachedEmbedder embedder;
    private final IndexClient index;
    private final Encoders encoders;
    private final GatewayConfig config;

    DenseRetriever(EmbedClient embedClient, CachedEmbedder embedder, IndexClient index, Encoders encoders,
                   GatewayConfig config) {
        this.embedClient = embedClient;
        this.embedder = embedder;
        this.index = index;
        this.encoders = encoders;
        this.config = config;
    }

    @Override
    public String kind() {
        return DenseId.KIND;
    }

    /** The model must be configured or discovered now (one discovery answer serves a whole request: 5 s cache). */
    @Override
    public Optional<String> problem(RetrieverId id) {
        return modelProblem(((DenseId) id).modelId());
    }

    /** Why {@code model} cannot be used now (neither configured nor discovered); empty when it can. */
    Optional<String> modelProblem(String model) {
        return encoders.problem(model);
    }

    @Override
    public void retrieve(RetrieverId id, RetrievalTask task) throws InterruptedException {
        DenseId dense = (DenseId) id;
        run(task, dense.modelId(), dense.indexKind(), false);
    }

    /**
     * Embeds, indexes and searches with {@code model}; {@code aligned}: every text through the model's language
     * adapters (embed.v1 {@code align}), cached and indexed under {@code MODEL+align-<digest>} so that new
     * adapters never meet old vectors. Fails naming the model when it has no adapters.
     */
    void run(RetrievalTask task, String model, IndexKind indexKind, boolean aligned) throws InterruptedException {
        EncoderInfo info = embedClient.info(model, embedClient.endpoints(model));
        if (aligned && info.adapters().isEmpty()) {
            throw new IllegalStateException("model '" + model + "' has no language adapters: learn them with "
                    + "bench align --model " + model + " and restart its embedder with the card bench align wrote");
        }
        String space = aligned ? model + AlignedDenseId.SUFFIX + "-" + info.adapterDigest() : model;
        String collection = CollectionNames.of(task.dataset().info().id(), space, indexKind.id());
        List<Document> docs = task.dataset().corpus();
        task.phase(RetrieverPhase.EMBEDDING);
        long t0 = System.nanoTime();
        Optional<CollectionState> existing = task.corpusIndexed() ? Optional.empty() : index.describe(collection);
        String fingerprint = task.corpusIndexed() ? "" : CollectionFingerprint.dense(space, info, indexKind, docs);
        task.timed(RetrievalTask.Timed.INDEX, t0);
        if (task.corpusIndexed()
                || existing.isPresent() && existing.get().count() == docs.size() && existing.get().dimension() == info.dimension()
                && CollectionFingerprint.matches(existing.get().fingerprint(), fingerprint)) {
            task.documentsEmbedded(docs.size());
            task.documentsIndexed(docs.size());
        } else {
            t0 = System.nanoTime();
            float[][] vectors = embedder.embed(space, model, docs.stream().map(Document::indexedText).toList(),
                    aligned ? docs.stream().map(Document::lang).toList() : null, EmbedRole.DOCUMENT, task::documentsEmbedded);
            task.embedded(docs.size(), t0);
            task.checkCancelled();
            task.phase(RetrieverPhase.INDEXING);
            t0 = System.nanoTime();
            fill(collection, existing.isPresent(), info, indexKind, docs, vectors, fingerprint, task);
            task.timed(RetrievalTask.Timed.INDEX, t0);
        }
        task.checkCancelled();
        task.phase(RetrieverPhase.EMBEDDING);
        List<Query> queries = task.dataset().queries();
        t0 = System.nanoTime();
        float[][] queryVectors = embedder.embed(space, model, queries.stream().map(Query::text).toList(),
                aligned ? queries.stream().map(Query::lang).toList() : null, EmbedRole.QUERY, task::queriesEmbedded);
        task.embedded(queries.size(), t0);
        task.collection(collection);
        task.phase(RetrieverPhase.SEARCHING);
        search(task, collection, queries, queryVectors);
    }

    private void search(RetrievalTask task, String collection, List<Query> queries, float[][] vectors)
            throws InterruptedException {
        BatchedVectorSearch.searchAndPublish(task, queries, config.search().batchQueries(),
                (ids, from, to) -> index.searchBatch(collection, ids, Arrays.asList(vectors).subList(from, to), task.depth()));
    }

    private void fill(String collection, boolean exists, EncoderInfo info, IndexKind indexKind, List<Document> docs,
                      float[][] vectors, String fingerprint, RetrievalTask task) {
        if (exists) {
            index.drop(collection);
        }
        index.createDense(collection, info.dimension(), indexKind, info.normalized(),
                CollectionFingerprint.withVectors(fingerprint, vectors));
        int batch = Math.max(1, IndexClient.UPSERT_FLOATS / Math.max(1, info.dimension()));
        for (int from = 0; from < docs.size(); from += batch) {
            int to = Math.min(docs.size(), from + batch);
            index.upsert(collection, docs.subList(from, to), Arrays.asList(vectors).subList(from, to));
            task.documentsIndexed(to - from);
        }
    }
}
