package io.clirbench.gateway.retriever;

import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import io.clirbench.core.search.Bm25Id;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.gateway.client.CollectionState;
import io.clirbench.gateway.client.IndexClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Optional;

/** {@code bm25}: fill or reuse {@code <dataset>__bm25}, one SearchText per query in its language, publish. */
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
        for (Query q : task.dataset().queries()) {
            task.checkCancelled();
            long s0 = System.nanoTime();
            var list = index.searchText(collection, q.id(), q.text(), q.lang(), task.depth());
            task.timed(RetrievalTask.Timed.SEARCH, s0);
            task.queriesSearched(1);
            task.publish(list, (System.nanoTime() - s0) / 1000);
        }
    }

    /**
     * Fills {@code <dataset>__bm25} unless it holds the corpus already (its {@link CollectionFingerprint} matches) (or the task knows it does, which saves a
     * DescribeCollection per agent search); returns its name.
     */
    String indexed(RetrievalTask task) throws InterruptedException {
        String collection = CollectionNames.of(task.dataset().info().id(), "bm25");
        if (task.corpusIndexed()) {
            return collection;
        }
        List<Document> docs = task.dataset().corpus();
        task.phase(RetrieverPhase.INDEXING);
        long t0 = System.nanoTime();
        Optional<CollectionState> existing = index.describe(collection);
        String fingerprint = CollectionFingerprint.bm25(docs);
        if (existing.isPresent() && existing.get().textCount() == docs.size()
                && CollectionFingerprint.matches(existing.get().fingerprint(), fingerprint)) {
            task.documentsEmbedded(docs.size());
            task.documentsIndexed(docs.size());
        } else {
            if (existing.isPresent()) {
                index.drop(collection);
            }
            index.createBm25(collection, fingerprint);
            for (int from = 0; from < docs.size(); from += TEXTS_PER_REQUEST) {
                task.checkCancelled();
                int to = Math.min(docs.size(), from + TEXTS_PER_REQUEST);
                index.indexTexts(collection, docs.subList(from, to));
                task.documentsEmbedded(to - from);      // README: for bm25, documentsEmbedded counts indexed texts
                task.documentsIndexed(to - from);
            }
        }
        task.timed(RetrievalTask.Timed.INDEX, t0);
        return collection;
    }
}
