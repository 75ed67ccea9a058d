package io.clirbench.gateway.client;

import io.clirbench.core.model.Document;
import io.clirbench.core.run.RankedList;
import io.clirbench.core.search.IndexKind;
import io.clirbench.gateway.config.GatewayConfig;
import io.clirbench.gateway.mapping.IndexMapper;
import io.clirbench.proto.index.v1.DescribeCollectionRequest;
import io.clirbench.proto.index.v1.DropCollectionRequest;
import io.clirbench.proto.index.v1.IndexServiceGrpc;
import io.clirbench.proto.index.v1.SearchBatchResponse;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** The index-service at {@code gateway.index.target}, in domain terms (messages built by {@link IndexMapper}). */
@ApplicationScoped
public class IndexClient {

    private final GrpcChannels channels;
    private final GatewayConfig config;

    IndexClient(GrpcChannels channels, GatewayConfig config) {
        this.channels = channels;
        this.config = config;
    }

    /** A blocking stub with a deadline generous enough for an upsert or a search batch at depth 1,000. */
    private IndexServiceGrpc.IndexServiceBlockingStub stub() {
        return IndexServiceGrpc.newBlockingStub(channels.forTarget(config.index().target()))
                .withDeadlineAfter(10, TimeUnit.MINUTES);
    }

    /** The collection's state, or empty when the index-service has no such collection. */
    public Optional<CollectionState> describe(String collection) {
        try {
            return Optional.of(IndexMapper.state(
                    stub().describeCollection(DescribeCollectionRequest.newBuilder().setName(collection).build())));
        } catch (StatusRuntimeException e) {
            if (e.getStatus().getCode() == Status.Code.NOT_FOUND) {
                return Optional.empty();
            }
            throw e;
        }
    }

    public void drop(String collection) {
        stub().dropCollection(DropCollectionRequest.newBuilder().setName(collection).build());
    }

    /** {@code fingerprint}: what will fill it ({@code retriever.CollectionFingerprint}), stored with it. */
    public void createDense(String collection, int dimension, IndexKind kind, boolean normalized, String fingerprint) {
        stub().createCollection(IndexMapper.createDense(collection, dimension, kind, normalized, fingerprint));
    }

    public void createBm25(String collection, String fingerprint) {
        stub().createCollection(IndexMapper.createBm25(collection, fingerprint));
    }

    /** Adds documents to a BM25 collection (one request). */
    public void indexTexts(String collection, List<Document> docs) {
        stub().indexTexts(IndexMapper.indexTexts(collection, docs));
    }

    /** Adds points to a vector collection (one request): {@code vectors.get(i)} belongs to {@code docs.get(i)}. */
    public void upsert(String collection, List<Document> docs, List<float[]> vectors) {
        stub().upsert(IndexMapper.upsert(collection, docs, vectors));
    }

    /** BM25 search with the analyzer of {@code lang}. */
    public RankedList searchText(String collection, String queryId, String text, String lang, int topN) {
        return IndexMapper.rankedList(queryId, stub().searchText(IndexMapper.searchText(collection, text, lang, topN)));
    }

    /** BM25 among the documents of {@code docLang} only, the text analysed as {@code docLang}. */
    public RankedList searchTextIn(String collection, String queryId, String text, String docLang, int topN) {
        return IndexMapper.rankedList(queryId, stub().searchText(IndexMapper.searchText(collection, text, docLang, topN, docLang)));
    }

    /**
     * BM25 search of several queries in one call (at most 1,024), scored by {@code chain}, among the documents of
     * {@code docLang} only when it is not null: list {@code i} answers {@code queries.get(i)}.
     */
    public List<RankedList> searchTexts(String collection, List<TextSearch> queries, int topN,
                                        io.clirbench.proto.index.v1.LexicalChain chain, String docLang) {
        SearchBatchResponse response = stub().searchTextBatch(IndexMapper.searchTextBatch(collection, queries, topN, chain, docLang));
        List<RankedList> out = new ArrayList<>(queries.size());
        for (int i = 0; i < queries.size(); i++) {
            out.add(IndexMapper.rankedList(queries.get(i).queryId(), response.getResults(i)));
        }
        return out;
    }

    /** Vector search, one call for every query: list {@code i} answers {@code queryIds.get(i)}. */
    public List<RankedList> searchBatch(String collection, List<String> queryIds, List<float[]> vectors, int topN) {
        SearchBatchResponse response = stub().searchBatch(IndexMapper.searchBatch(collection, vectors, topN));
        List<RankedList> out = new ArrayList<>(queryIds.size());
        for (int i = 0; i < queryIds.size(); i++) {
            out.add(IndexMapper.rankedList(queryIds.get(i), response.getResults(i)));
        }
        return out;
    }

    public String target() {
        return config.index().target();
    }
}
