package io.clirbench.gateway.retriever;

import io.clirbench.core.model.Document;
import io.clirbench.core.search.Bm25Id;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.gateway.client.CollectionState;
import io.clirbench.gateway.client.IndexClient;
import io.clirbench.gateway.client.TextSearch;
import io.clirbench.proto.index.v1.LexicalChain;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * {@code bm25}: fill or reuse {@code <dataset>__bm25} (each text in its language's field and in the plain field, so that
 * {@code bm25(plain)} and {@code bm25(stem+plain)} search it too), search the queries in batches, each in its language
 * ({@link BatchedTextSearch}), publish.
 */
@ApplicationScoped
public class Bm25Retriever implements Retriever {

    private static final int TEXTS_PER_REQUEST = 500;

    private final IndexClient index;

    Bm25Retriever(IndexClient index) {
        this.index = index;
    }

    @Override
    public String kind() {
        return Bm25Id.KIND;
    }

    @Override
    public void retrieve(RetrieverId id, RetrievalTask task) throws InterruptedException {
        String collection = indexed(task);
        task.phase(RetrieverPhase.SEARCHING);
        task.queriesEmbedded(task.dataset().queries().size());
        BatchedTextSearch.searchAndPublish(task, index, collection, LexicalChain.LEXICAL_CHAIN_STEM, queries(task));
    }

    /** Each query of the task's dataset, analysed by its own language. */
    static List<TextSearch> queries(RetrievalTask task) {
        return task.dataset().queries().stream().map(q -> new TextSearch(q.id(), q.text(), q.lang())).toList();
    }

    /**
     * Fills {@code <dataset>__bm25} unless it holds the corpus already (its {@link CollectionFingerprint} matches) (or the
     * task knows it does, which saves a DescribeCollection per agent search); returns its name.
     */
    String indexed(RetrievalTask task) throws InterruptedException {
        String collection = CollectionNames.of(task.dataset().info().id(), "bm25");
        if (task.corpusIndexed()) {
            return collection;
        }
        List<Document> docs = task.dataset().corpus();
        return indexed(task, collection, CollectionFingerprint.bm25(docs), () -> docs);
    }

    /**
     * Fills the BM25 collection {@code collection} with {@code documents} (each text analysed by its document's language
     * and by the plain chain) unless it holds what {@code fingerprint} describes already; returns its name. The documents
     * are asked for only when the collection is filled.
     */
    String indexed(RetrievalTask task, String collection, String fingerprint, Supplier<List<Document>> documents)
            throws InterruptedException {
        int n = task.dataset().corpus().size();
        Optional<CollectionState> existing = index.describe(collection);
        long t0 = System.nanoTime();
        if (existing.isPresent() && existing.get().textCount() == n
                && CollectionFingerprint.matches(existing.get().fingerprint(), fingerprint)) {
            task.documentsEmbedded(n);
            task.documentsIndexed(n);
        } else {
            task.phase(RetrieverPhase.INDEXING);
            if (existing.isPresent()) {
                index.drop(collection);
            }
            index.createBm25(collection, fingerprint);
            List<Document> docs = documents.get();
            for (int from = 0; from < docs.size(); from += TEXTS_PER_REQUEST) {
                task.checkCancelled();
                int to = Math.min(docs.size(), from + TEXTS_PER_REQUEST);
                index.indexTexts(collection, docs.subList(from, to));
                task.documentsEmbedded(to - from);      // README: for bm25, documentsEmbedded counts indexed texts
                task.documentsIndexed(to - from);
            }
        }
        task.timed(RetrievalTask.Timed.INDEX, t0);
        task.collection(collection);
        return collection;
    }
}
