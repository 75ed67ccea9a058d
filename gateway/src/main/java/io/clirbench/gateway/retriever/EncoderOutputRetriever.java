package io.clirbench.gateway.retriever;

import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import io.clirbench.core.search.EncoderOutputId;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.gateway.client.CollectionState;
import io.clirbench.gateway.client.EmbedClient;
import io.clirbench.gateway.client.EmbedOutput;
import io.clirbench.gateway.client.EmbedRole;
import io.clirbench.gateway.client.EncoderInfo;
import io.clirbench.gateway.client.Encoders;
import io.clirbench.gateway.client.IndexClient;
import io.clirbench.gateway.config.GatewayConfig;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What {@link SparseRetriever} ({@code MODEL/sparse}) and {@link MaxSimRetriever} ({@code MODEL/maxsim}) share: embed the
 * documents' output of the model (through the cache, under {@code MODEL#OUTPUT}) unless the collection
 * {@code <dataset>__<model>__<output>} can be reused (its fingerprint matches), fill it, embed the queries, search in
 * batches, publish. Fails naming the model when its card does not declare the output.
 */
abstract class EncoderOutputRetriever implements Retriever {

    private final EmbedClient embedClient;
    private final CachedEmbedder embedder;
    private final IndexClient index;
    private final Encoders encoders;
    private final GatewayConfig config;
    private final EmbedOutput output;

    EncoderOutputRetriever(EmbedClient embedClient, CachedEmbedder embedder, IndexClient index, Encoders encoders,
                           GatewayConfig config, EmbedOutput output) {
        this.embedClient = embedClient;
        this.embedder = embedder;
        this.index = index;
        this.encoders = encoders;
        this.config = config;
        this.output = output;
    }

    /** Creates the collection (after dropping a stale one when {@code exists}). */
    abstract void create(IndexClient index, String collection, EncoderInfo info, String fingerprint);

    /** The model must be configured or discovered now. */
    @Override
    public Optional<String> problem(RetrieverId id) {
        return encoders.problem(((EncoderOutputId) id).modelId());
    }

    @Override
    public void retrieve(RetrieverId id, RetrievalTask task) throws InterruptedException {
        String model = ((EncoderOutputId) id).modelId();
        EncoderInfo info = embedClient.info(model, embedClient.endpoints(model));
        if (!info.has(output)) {
            throw new IllegalStateException("model '" + model + "' has no " + output.infoName() + " output (its embedder serves "
                    + info.outputs() + "): declare \"" + output.infoName() + "\" in its model card");
        }
        String space = model + "#" + output.infoName();
        String collection = CollectionNames.of(task.dataset().info().id(), model, output.infoName());
        List<Document> docs = task.dataset().corpus();
        task.phase(RetrieverPhase.EMBEDDING);
        long t0 = System.nanoTime();
        Optional<CollectionState> existing = task.corpusIndexed() ? Optional.empty() : index.describe(collection);
        String fingerprint = task.corpusIndexed() ? "" : CollectionFingerprint.encoderOutput(space, info, docs);
        task.timed(RetrievalTask.Timed.INDEX, t0);
        if (task.corpusIndexed() || existing.isPresent() && existing.get().count() == docs.size()
                && CollectionFingerprint.matches(existing.get().fingerprint(), fingerprint)) {
            task.documentsEmbedded(docs.size());
            task.documentsIndexed(docs.size());
        } else {
            t0 = System.nanoTime();
            float[][] rows = embedder.embed(space, model, docs.stream().map(Document::indexedText).toList(), EmbedRole.DOCUMENT,
                    output, task::documentsEmbedded);
            task.embedded(docs.size(), t0);
            task.checkCancelled();
            task.phase(RetrieverPhase.INDEXING);
            t0 = System.nanoTime();
            if (existing.isPresent()) {
                index.drop(collection);
            }
            create(index, collection, info, CollectionFingerprint.withVectors(fingerprint, rows));
            fill(collection, docs, rows, task);
            task.timed(RetrievalTask.Timed.INDEX, t0);
        }
        task.checkCancelled();
        task.phase(RetrieverPhase.EMBEDDING);
        List<Query> queries = task.dataset().queries();
        t0 = System.nanoTime();
        float[][] queryRows = embedder.embed(space, model, queries.stream().map(Query::text).toList(), EmbedRole.QUERY, output,
                task::queriesEmbedded);
        task.embedded(queries.size(), t0);
        task.collection(collection);
        task.phase(RetrieverPhase.SEARCHING);
        search(task, collection, queries, queryRows);
    }

    private void fill(String collection, List<Document> docs, float[][] rows, RetrievalTask task) {
        int from = 0;
        while (from < docs.size()) {
            int to = from;
            long floats = 0;
            while (to < docs.size() && (to == from || floats + rows[to].length <= IndexClient.UPSERT_FLOATS)) {
                floats += rows[to++].length;
            }
            index.upsertRows(collection, docs.subList(from, to), Arrays.asList(rows).subList(from, to), output == EmbedOutput.SPARSE);
            task.documentsIndexed(to - from);
            from = to;
        }
    }

    private void search(RetrievalTask task, String collection, List<Query> queries, float[][] rows) throws InterruptedException {
        BatchedVectorSearch.searchAndPublish(task, queries, config.search().batchQueries(), (ids, from, to) -> index.searchRows(
                collection, ids, Arrays.asList(rows).subList(from, to), output == EmbedOutput.SPARSE, task.depth()));
    }
}
