package io.clirbench.gateway.client;

import io.clirbench.core.model.Document;
import io.clirbench.core.run.RankedList;
import io.clirbench.core.search.IndexKind;
import io.clirbench.gateway.config.GatewayConfig;
import io.clirbench.proto.index.v1.CreateCollectionRequest;
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
import java.util.function.Function;
import org.jboss.logging.Logger;

/**
 * The index-service at {@code gateway.index.target}, in domain terms (messages built by {@link IndexMapper}). Every call
 * refused with UNAVAILABLE (the service killed or restarting: issue 45) is tried again after a pause that grows from
 * 0.25 to 5 s, the channel told to reconnect at once rather than after gRPC's own backoff (which kept it broken for tens
 * of seconds after the service was back), for up to {@code gateway.index.wait-for-service}. Every call is idempotent on
 * the service's side (a search; texts and points replaced by doc id; a create that had succeeded is recognised by its
 * fingerprint; a drop of what is gone says so), so a call whose answer was lost may be sent again.
 */
@ApplicationScoped
public class IndexClient {

    /** About 4 MiB of floats per upsert request: how retrievers batch the vectors they index. */
    public static final int UPSERT_FLOATS = 1 << 20;

    private static final Logger LOG = Logger.getLogger(IndexClient.class);
    private static final long FIRST_PAUSE_MILLIS = 250;
    private static final long MAX_PAUSE_MILLIS = 5_000;

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

    /** {@code body} on a fresh stub, tried again while the service answers UNAVAILABLE (see the class comment). */
    private <T> T call(String what, Function<IndexServiceGrpc.IndexServiceBlockingStub, T> body) {
        long giveUp = System.nanoTime() + config.index().waitForService().toNanos();
        long pause = FIRST_PAUSE_MILLIS;
        while (true) {
            try {
                return body.apply(stub());
            } catch (StatusRuntimeException e) {
                if (e.getStatus().getCode() != Status.Code.UNAVAILABLE) {
                    throw e;
                }
                if (System.nanoTime() + pause * 1_000_000 > giveUp) {
                    throw new StatusRuntimeException(Status.UNAVAILABLE.withDescription("index-service at "
                            + config.index().target() + " did not answer " + what + " for " + config.index().waitForService()
                            + ": " + e.getStatus().getDescription()).withCause(e));
                }
                LOG.warnf("index-service at %s unavailable during %s (%s): trying again in %d ms", config.index().target(),
                        what, e.getStatus().getDescription(), pause);
                channels.forTarget(config.index().target()).resetConnectBackoff();
                try {
                    CancellableWaits.sleep(pause); // the run's cancel ends the pause; never an interrupt (issue 45)
                } catch (InterruptedException cancelled) {
                    throw Status.CANCELLED.withDescription("cancelled while waiting for the index-service")
                            .asRuntimeException();
                }
                pause = Math.min(MAX_PAUSE_MILLIS, pause * 2);
            }
        }
    }

    /** The collection's state, or empty when the index-service has no such collection. */
    public Optional<CollectionState> describe(String collection) {
        try {
            return Optional.of(IndexMapper.state(call("DescribeCollection " + collection,
                    s -> s.describeCollection(DescribeCollectionRequest.newBuilder().setName(collection).build()))));
        } catch (StatusRuntimeException e) {
            if (e.getStatus().getCode() == Status.Code.NOT_FOUND) {
                return Optional.empty();
            }
            throw e;
        }
    }

    public void drop(String collection) {
        call("DropCollection " + collection, s -> s.dropCollection(DropCollectionRequest.newBuilder().setName(collection).build()));
    }

    /** {@code fingerprint}: what will fill it ({@code retriever.CollectionFingerprint}), stored with it. */
    public void createDense(String collection, int dimension, IndexKind kind, boolean normalized, String fingerprint) {
        create(IndexMapper.createDense(collection, dimension, kind, normalized, fingerprint));
    }

    /** A sparse collection (the index-service's inverted index). */
    public void createSparse(String collection, String fingerprint) {
        create(IndexMapper.createSparse(collection, fingerprint));
    }

    /** A multi-vector collection of token rows of {@code dimension} (rows normalised by the service unless {@code normalized}). */
    public void createMultiVector(String collection, int dimension, boolean normalized, String fingerprint) {
        create(IndexMapper.createMultiVector(collection, dimension, normalized, fingerprint));
    }

    /** Adds sparse rows ({@code retriever.SparseRows}) or token matrices to a collection of that representation (one request). */
    public void upsertRows(String collection, List<Document> docs, List<float[]> rows, boolean sparse) {
        call("Upsert " + collection, s -> s.upsert(IndexMapper.upsertRows(collection, docs, rows, sparse)));
    }

    /** Sparse or MaxSim search, one call for every query: list {@code i} answers {@code queryIds.get(i)}. */
    public List<RankedList> searchRows(String collection, List<String> queryIds, List<float[]> rows, boolean sparse, int topN) {
        SearchBatchResponse response = call("SearchBatch " + collection,
                s -> s.searchBatch(IndexMapper.searchRows(collection, rows, sparse, topN)));
        List<RankedList> out = new ArrayList<>(queryIds.size());
        for (int i = 0; i < queryIds.size(); i++) {
            out.add(IndexMapper.rankedList(queryIds.get(i), response.getResults(i)));
        }
        return out;
    }

    public void createBm25(String collection, String fingerprint) {
        create(IndexMapper.createBm25(collection, fingerprint));
    }

    /**
     * Creates a collection; ALREADY_EXISTS after a retried call is the first call's success when the collection has
     * the fingerprint asked for.
     */
    private void create(CreateCollectionRequest request) {
        try {
            call("CreateCollection " + request.getName(), s -> s.createCollection(request));
        } catch (StatusRuntimeException e) {
            boolean mine = e.getStatus().getCode() == Status.Code.ALREADY_EXISTS && !request.getFingerprint().isEmpty()
                    && describe(request.getName()).map(c -> request.getFingerprint().equals(c.fingerprint())).orElse(false);
            if (!mine) {
                throw e;
            }
        }
    }

    /** Adds documents to a BM25 collection (one request). */
    public void indexTexts(String collection, List<Document> docs) {
        call("IndexTexts " + collection, s -> s.indexTexts(IndexMapper.indexTexts(collection, docs)));
    }

    /** Adds points to a vector collection (one request): {@code vectors.get(i)} belongs to {@code docs.get(i)}. */
    public void upsert(String collection, List<Document> docs, List<float[]> vectors) {
        call("Upsert " + collection, s -> s.upsert(IndexMapper.upsert(collection, docs, vectors)));
    }

    /** BM25 among the documents of {@code docLang} only, the text analysed as {@code docLang}. */
    public RankedList searchTextIn(String collection, String queryId, String text, String docLang, int topN) {
        return IndexMapper.rankedList(queryId, call("SearchText " + collection,
                s -> s.searchText(IndexMapper.searchText(collection, text, docLang, topN, docLang))));
    }

    /**
     * BM25 search of several queries in one call (at most 1,024), scored by {@code chain}, over every document:
     * list {@code i} answers {@code queries.get(i)}.
     */
    public List<RankedList> searchTexts(String collection, List<TextSearch> queries, int topN,
                                        io.clirbench.proto.index.v1.LexicalChain chain) {
        SearchBatchResponse response = call("SearchTextBatch " + collection,
                s -> s.searchTextBatch(IndexMapper.searchTextBatch(collection, queries, topN, chain)));
        List<RankedList> out = new ArrayList<>(queries.size());
        for (int i = 0; i < queries.size(); i++) {
            out.add(IndexMapper.rankedList(queries.get(i).queryId(), response.getResults(i)));
        }
        return out;
    }

    /** Vector search, one call for every query: list {@code i} answers {@code queryIds.get(i)}. */
    public List<RankedList> searchBatch(String collection, List<String> queryIds, List<float[]> vectors, int topN) {
        SearchBatchResponse response = call("SearchBatch " + collection,
                s -> s.searchBatch(IndexMapper.searchBatch(collection, vectors, topN)));
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
