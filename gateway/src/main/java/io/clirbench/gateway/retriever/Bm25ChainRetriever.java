package io.clirbench.gateway.retriever;

import io.clirbench.core.search.Bm25Analysis;
import io.clirbench.core.search.Bm25ChainId;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.gateway.client.IndexClient;
import io.clirbench.proto.index.v1.LexicalChain;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * {@code bm25(plain)}, {@code bm25(stem+plain)}: BM25 (Lucene defaults k1 1.2, b 0.75, as {@code bm25}) over the corpus
 * analysed by the named chain, each query analysed by the same chain (its stemmed part by the query's language, as
 * {@code bm25}). The index is {@code bm25}'s own collection in the index-service ({@link Bm25Retriever#indexed}), which
 * holds every text in its language's field and in the plain field; the chain is a parameter of the search.
 */
@ApplicationScoped
public class Bm25ChainRetriever implements Retriever {

    private final Bm25Retriever bm25;
    private final IndexClient index;

    Bm25ChainRetriever(Bm25Retriever bm25, IndexClient index) {
        this.bm25 = bm25;
        this.index = index;
    }

    @Override
    public String kind() {
        return Bm25ChainId.KIND;
    }

    @Override
    public void retrieve(RetrieverId id, RetrievalTask task) throws InterruptedException {
        String collection = bm25.indexed(task);
        task.phase(RetrieverPhase.SEARCHING);
        task.queriesEmbedded(task.dataset().queries().size());
        BatchedTextSearch.searchAndPublish(task, index, collection, chain(((Bm25ChainId) id).analysis()),
                Bm25Retriever.queries(task));
    }

    /** The index.v1 chain of an id's analysis. */
    static LexicalChain chain(Bm25Analysis analysis) {
        return switch (analysis) {
            case PLAIN -> LexicalChain.LEXICAL_CHAIN_PLAIN;
            case STEM_PLAIN -> LexicalChain.LEXICAL_CHAIN_STEM_PLAIN;
        };
    }
}
