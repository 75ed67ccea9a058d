package io.clirbench.index.grpc;

import io.clirbench.index.mapping.IndexMapper;
import io.clirbench.index.store.Collection;
import io.clirbench.index.store.CollectionOperations;
import io.clirbench.index.store.Hit;
import io.clirbench.index.store.PayloadFilter;
import io.clirbench.index.store.PointPayload;
import io.clirbench.index.store.Representation;
import io.clirbench.index.store.SparseVector;
import io.clirbench.proto.index.v1.CollectionInfo;
import io.clirbench.proto.index.v1.CreateCollectionRequest;
import io.clirbench.proto.index.v1.DescribeCollectionRequest;
import io.clirbench.proto.index.v1.DropCollectionRequest;
import io.clirbench.proto.index.v1.DropCollectionResponse;
import io.clirbench.proto.index.v1.IndexService;
import io.clirbench.proto.index.v1.IndexTextsRequest;
import io.clirbench.proto.index.v1.IndexTextsResponse;
import io.clirbench.proto.index.v1.QueryVector;
import io.clirbench.proto.index.v1.SearchBatchRequest;
import io.clirbench.proto.index.v1.SearchBatchResponse;
import io.clirbench.proto.index.v1.SearchRequest;
import io.clirbench.proto.index.v1.SearchResponse;
import io.clirbench.proto.index.v1.SearchTextBatchRequest;
import io.clirbench.proto.index.v1.SearchTextRequest;
import io.clirbench.proto.index.v1.TextDocument;
import io.clirbench.proto.index.v1.UpsertRequest;
import io.clirbench.proto.index.v1.UpsertResponse;
import io.quarkus.grpc.GrpcService;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Uni;

import java.util.List;
import java.util.function.Supplier;

/** gRPC endpoint of {@code index.v1.IndexService}: maps messages, delegates to {@link CollectionOperations}. */
@GrpcService
public class IndexGrpcService implements IndexService {

    private final CollectionOperations ops;

    public IndexGrpcService(CollectionOperations ops) {
        this.ops = ops;
    }

    @Override
    @Blocking
    public Uni<CollectionInfo> createCollection(CreateCollectionRequest request) {
        return call(() -> info(ops.registry().create(IndexMapper.spec(request))));
    }

    @Override
    @Blocking
    public Uni<DropCollectionResponse> dropCollection(DropCollectionRequest request) {
        return call(() -> DropCollectionResponse.newBuilder().setDropped(ops.registry().drop(request.getName())).build());
    }

    @Override
    @Blocking
    public Uni<CollectionInfo> describeCollection(DescribeCollectionRequest request) {
        return call(() -> info(ops.registry().get(request.getName())));
    }

    @Override
    @Blocking
    public Uni<UpsertResponse> upsert(UpsertRequest request) {
        return call(() -> {
            Representation representation = ops.representation(request.getCollection());
            long count = representation == Representation.DENSE
                    ? ops.upsert(request.getCollection(), IndexMapper.points(request.getPointsList()))
                    : ops.upsert(request.getCollection(), IndexMapper.representedPoints(request.getPointsList(), representation));
            return UpsertResponse.newBuilder().setCount(count).build();
        });
    }

    @Override
    @Blocking
    public Uni<SearchResponse> search(SearchRequest request) {
        return call(() -> {
            PayloadFilter filter = IndexMapper.filter(request.getFilter());
            List<Hit> hits = switch (ops.representation(request.getCollection())) {
                case SPARSE -> ops.searchSparse(request.getCollection(), List.of(IndexMapper.sparse(request.getSparse(), "query")),
                        request.getTopN(), filter).get(0);
                case MULTIVECTOR -> ops.searchMultiVector(request.getCollection(),
                        List.of(IndexMapper.floats(request.getMultivector().getValuesList())), request.getTopN(), filter,
                        request.getCandidates()).get(0);
                case DENSE -> ops.search(request.getCollection(), List.of(IndexMapper.floats(request.getVectorList())),
                        request.getTopN(), filter, request.getHnswEf()).get(0);
            };
            return IndexMapper.response(hits);
        });
    }

    @Override
    @Blocking
    public Uni<SearchBatchResponse> searchBatch(SearchBatchRequest request) {
        return call(() -> {
            PayloadFilter filter = IndexMapper.filter(request.getFilter());
            List<List<Hit>> results = switch (ops.representation(request.getCollection())) {
                case SPARSE -> {
                    List<SparseVector> queries = new java.util.ArrayList<>();
                    for (int i = 0; i < request.getSparseQueriesCount(); i++) {
                        queries.add(IndexMapper.sparse(request.getSparseQueries(i), "sparse_queries[" + i + "]"));
                    }
                    yield ops.searchSparse(request.getCollection(), queries, request.getTopN(), filter);
                }
                case MULTIVECTOR -> ops.searchMultiVector(request.getCollection(), request.getMultivectorQueriesList().stream()
                        .map(m -> IndexMapper.floats(m.getValuesList())).toList(), request.getTopN(), filter, request.getCandidates());
                case DENSE -> ops.search(request.getCollection(), request.getQueriesList().stream()
                        .map(QueryVector::getValuesList).map(IndexMapper::floats).toList(), request.getTopN(), filter, request.getHnswEf());
            };
            SearchBatchResponse.Builder b = SearchBatchResponse.newBuilder();
            results.forEach(hits -> b.addResults(IndexMapper.response(hits)));
            return b.build();
        });
    }

    @Override
    @Blocking
    public Uni<IndexTextsResponse> indexTexts(IndexTextsRequest request) {
        return call(() -> {
            List<PointPayload> payloads = request.getDocumentsList().stream()
                    .map(d -> IndexMapper.payload(d.getPayload())).toList();
            List<String> texts = request.getDocumentsList().stream().map(TextDocument::getText).toList();
            return IndexTextsResponse.newBuilder()
                    .setCount(ops.indexTexts(request.getCollection(), payloads, texts)).build();
        });
    }

    @Override
    @Blocking
    public Uni<SearchResponse> searchText(SearchTextRequest request) {
        return call(() -> IndexMapper.response(ops.searchText(request.getCollection(), request.getText(),
                request.getLang(), request.getTopN(), IndexMapper.filter(request.getFilter()), IndexMapper.chain(request.getChain()))));
    }

    @Override
    @Blocking
    public Uni<SearchBatchResponse> searchTextBatch(SearchTextBatchRequest request) {
        return call(() -> {
            List<CollectionOperations.TextQuery> queries = request.getQueriesList().stream()
                    .map(q -> new CollectionOperations.TextQuery(q.getText(), q.getLang())).toList();
            List<List<Hit>> results = ops.searchTexts(request.getCollection(), queries, request.getTopN(),
                    IndexMapper.filter(request.getFilter()), IndexMapper.chain(request.getChain()));
            SearchBatchResponse.Builder b = SearchBatchResponse.newBuilder();
            results.forEach(hits -> b.addResults(IndexMapper.response(hits)));
            return b.build();
        });
    }

    private static CollectionInfo info(Collection c) {
        return IndexMapper.info(c.spec(), c.vectorCount(), c.textCount()).toBuilder()
                .setDiskBytes(c.diskBytes()).setMemoryBytes(c.memoryBytes()).build();
    }

    private static <T> Uni<T> call(Supplier<T> body) {
        try {
            return Uni.createFrom().item(body.get());
        } catch (RuntimeException e) {
            return Uni.createFrom().failure(GrpcErrors.toStatus(e));
        }
    }
}
