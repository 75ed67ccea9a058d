package io.clirbench.gateway.run;

import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import io.clirbench.gateway.client.IndexClient;
import io.clirbench.proto.index.v1.CollectionInfo;
import io.clirbench.proto.index.v1.CreateCollectionRequest;
import io.clirbench.proto.index.v1.DropCollectionRequest;
import io.clirbench.proto.index.v1.IndexKind;
import io.clirbench.proto.index.v1.IndexTextsRequest;
import io.clirbench.proto.index.v1.SearchResponse;
import io.clirbench.proto.index.v1.SearchTextRequest;
import io.clirbench.proto.index.v1.TextDocument;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/** The BM25 retriever: fill or reuse {@code <dataset>__bm25}, one SearchText per query in its language, publish. */
@ApplicationScoped
public class Bm25Retrieval {

    private static final int TEXTS_PER_REQUEST = 500;

    private final IndexClient index;

    Bm25Retrieval(IndexClient index) {
        this.index = index;
    }

    void run(RunContext ctx, RetrieverSpec spec, RunTracker.Progress progress) throws InterruptedException {
        String collection = RunContext.collectionName(ctx.dataset.info().id(), "bm25");
        List<Document> docs = ctx.dataset.corpus();
        progress.state("INDEXING");
        long t0 = System.nanoTime();
        CollectionInfo existing = index.describe(collection);
        if (existing != null && existing.getTextCount() == docs.size()) {
            progress.documentsEmbedded(docs.size());
        } else {
            if (existing != null) {
                index.stub().dropCollection(DropCollectionRequest.newBuilder().setName(collection).build());
            }
            index.stub().createCollection(CreateCollectionRequest.newBuilder().setName(collection)
                    .setDimension(0).setKind(IndexKind.INDEX_KIND_BM25).build());
            for (int from = 0; from < docs.size(); from += TEXTS_PER_REQUEST) {
                ctx.checkCancelled();
                IndexTextsRequest.Builder req = IndexTextsRequest.newBuilder().setCollection(collection);
                int to = Math.min(docs.size(), from + TEXTS_PER_REQUEST);
                for (Document d : docs.subList(from, to)) {
                    req.addDocuments(TextDocument.newBuilder().setPayload(DenseRetrieval.payload(d))
                            .setText(RunContext.documentText(d)));
                }
                index.stub().indexTexts(req.build());
                progress.documentsEmbedded(to - from);
            }
        }
        ctx.tracker.timed(RunTracker.Phase.INDEX, t0);
        progress.state("SEARCHING");
        progress.queriesEmbedded(ctx.dataset.queries().size());
        for (Query q : ctx.dataset.queries()) {
            ctx.checkCancelled();
            long s0 = System.nanoTime();
            SearchResponse response = index.stub().searchText(SearchTextRequest.newBuilder().setCollection(collection)
                    .setText(q.text()).setLang(q.lang()).setTopN(ctx.depth).build());
            ctx.tracker.timed(RunTracker.Phase.SEARCH, s0);
            progress.queriesSearched(1);
            ctx.publish(progress, spec.id(), q.id(), DenseRetrieval.hits(response), (System.nanoTime() - s0) / 1000);
        }
    }
}
