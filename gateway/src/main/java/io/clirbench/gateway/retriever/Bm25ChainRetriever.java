package io.clirbench.gateway.retriever;

import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import io.clirbench.core.run.RankedList;
import io.clirbench.core.search.Bm25ChainId;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.lexical.ChainedLexicalIndex;
import io.clirbench.lexical.LexicalChain;
import io.clirbench.lexical.LexicalDocument;
import io.clirbench.lexical.LexicalHit;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.function.Supplier;

/**
 * {@code bm25(plain)}, {@code bm25(stem+plain)}: BM25 (Lucene defaults k1 1.2, b 0.75, as {@code bm25}) over the corpus
 * analysed by the named chain, in a {@link ChainedLexicalIndex} kept by {@link LexicalChainIndexes}; each query analysed
 * by the same chain (its stemmed part by the query's language, as {@code bm25}).
 */
@ApplicationScoped
public class Bm25ChainRetriever implements Retriever {

    private final LexicalChainIndexes indexes;

    Bm25ChainRetriever(LexicalChainIndexes indexes) {
        this.indexes = indexes;
    }

    @Override
    public String kind() {
        return Bm25ChainId.KIND;
    }

    /** One index of both fields serves every chain: {@code bm25(plain)} and {@code bm25(stem+plain)} share it. */
    @Override
    public java.util.Set<String> gatewayIndexes(RetrieverId id) {
        return java.util.Set.of("fields");
    }

    @Override
    public void retrieve(RetrieverId id, RetrievalTask task) throws InterruptedException {
        LexicalChain chain = LexicalChainIndexes.chain(((Bm25ChainId) id).analysis());
        List<Document> docs = task.dataset().corpus();
        ChainedLexicalIndex index = indexed(task, "fields;" + CollectionFingerprint.bm25(docs),
                () -> docs.stream().map(d -> new LexicalDocument(d.id(), d.lang(), d.family(), d.indexedText())).toList());
        task.phase(RetrieverPhase.SEARCHING);
        task.queriesEmbedded(task.dataset().queries().size());
        for (Query q : task.dataset().queries()) {
            task.checkCancelled();
            long s0 = System.nanoTime();
            RankedList list = rankedList(q.id(), index.search(chain, q.text(), q.lang(), task.depth()));
            task.timed(RetrievalTask.Timed.SEARCH, s0);
            task.queriesSearched(1);
            task.publish(list, (System.nanoTime() - s0) / 1000);
        }
    }

    /** The index of {@code variant} for the task's dataset, built (and counted as indexing) when not kept. */
    ChainedLexicalIndex indexed(RetrievalTask task, String variant, Supplier<List<LexicalDocument>> documents) {
        String key = CollectionNames.of(task.dataset().info().id(), "lexical") + ";" + variant;
        int n = task.dataset().corpus().size();
        if (!indexes.has(key)) {
            task.phase(RetrieverPhase.INDEXING);
        }
        long t0 = System.nanoTime();
        ChainedLexicalIndex index = indexes.of(key, documents);
        task.documentsEmbedded(n);      // as for bm25: documentsEmbedded counts indexed texts
        task.documentsIndexed(n);
        task.timed(RetrievalTask.Timed.INDEX, t0);
        return index;
    }

    static RankedList rankedList(String queryId, List<LexicalHit> hits) {
        String[] ids = new String[hits.size()];
        double[] scores = new double[hits.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = hits.get(i).docId();
            scores[i] = hits.get(i).score();
        }
        return new RankedList(queryId, ids, scores);
    }
}
