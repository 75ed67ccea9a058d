package io.clirbench.index.store.qdrant;

import io.grpc.Grpc;
import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.StreamObserver;
import io.qdrant.client.grpc.Collections.CollectionExists;
import io.qdrant.client.grpc.Collections.CollectionExistsRequest;
import io.qdrant.client.grpc.Collections.CollectionExistsResponse;
import io.qdrant.client.grpc.Collections.CollectionInfo;
import io.qdrant.client.grpc.Collections.CollectionOperationResponse;
import io.qdrant.client.grpc.Collections.CollectionStatus;
import io.qdrant.client.grpc.Collections.CreateCollection;
import io.qdrant.client.grpc.Collections.DeleteCollection;
import io.qdrant.client.grpc.Collections.Distance;
import io.qdrant.client.grpc.Collections.GetCollectionInfoRequest;
import io.qdrant.client.grpc.Collections.GetCollectionInfoResponse;
import io.qdrant.client.grpc.CollectionsGrpc;
import io.qdrant.client.grpc.Common.Condition;
import io.qdrant.client.grpc.Common.Filter;
import io.qdrant.client.grpc.Common.PointId;
import io.qdrant.client.grpc.JsonWithInt.Value;
import io.qdrant.client.grpc.Points.BatchResult;
import io.qdrant.client.grpc.Points.PointStruct;
import io.qdrant.client.grpc.Points.PointsOperationResponse;
import io.qdrant.client.grpc.Points.ScoredPoint;
import io.qdrant.client.grpc.Points.SearchBatchPoints;
import io.qdrant.client.grpc.Points.SearchBatchResponse;
import io.qdrant.client.grpc.Points.SearchPoints;
import io.qdrant.client.grpc.Points.QueryPoints;
import io.qdrant.client.grpc.Points.UpdateResult;
import io.qdrant.client.grpc.Points.UpdateStatus;
import io.qdrant.client.grpc.Points.UpsertPoints;
import io.qdrant.client.grpc.Points.Vector;
import io.qdrant.client.grpc.PointsGrpc;
import io.qdrant.client.grpc.QdrantGrpc;
import io.qdrant.client.grpc.QdrantOuterClass.HealthCheckReply;
import io.qdrant.client.grpc.QdrantOuterClass.HealthCheckRequest;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A gRPC server built from the Qdrant client's own generated service classes ({@link CollectionsGrpc},
 * {@link PointsGrpc}), with real behaviour for the calls {@link QdrantStore} makes: collections in memory,
 * upsert by point id, brute-force Dot/Cosine search with limit, keyword filters (must / match keywords),
 * payload, and Qdrant's status codes for unknown collections and wrong dimensions. It is the contract the
 * adapter is tested against where no Qdrant server can run; it is not Qdrant.
 */
public final class QdrantContractServer implements AutoCloseable {

    /** The server version the contract follows (the client jar's X-Qdrant-Version). */
    static final String VERSION = "1.18.0";

    private final Map<String, Stored> collections = new ConcurrentHashMap<>();
    private final Server server;
    private final String inProcessName;

    /** {@code shape}: what a point holds, as the create request configured it. */
    private record Stored(int size, Distance distance, Map<PointId, PointStruct> points, Shape shape) {

        Stored(int size, Distance distance, Map<PointId, PointStruct> points) {
            this(size, distance, points, Shape.DENSE);
        }
    }

    /** A dense vector, a named sparse vector "sparse" (dot product), or a multivector (MaxSim comparator). */
    private enum Shape { DENSE, SPARSE, MULTI }

    private QdrantContractServer(boolean network) throws IOException {
        inProcessName = "qdrant-contract-" + System.nanoTime();
        var services = List.of(new CollectionsService().bindService(), new PointsService().bindService(),
                new HealthService().bindService());
        if (network) {
            var b = Grpc.newServerBuilderForPort(0, InsecureServerCredentials.create());
            services.forEach(b::addService);
            server = b.build().start();
        } else {
            var b = InProcessServerBuilder.forName(inProcessName).directExecutor();
            services.forEach(b::addService);
            server = b.build().start();
        }
    }

    /** A server reachable through {@code InProcessChannelBuilder.forName(name())}. */
    public static QdrantContractServer inProcess() throws IOException {
        return new QdrantContractServer(false);
    }

    /** A server on a free local TCP port ({@link #port()}), for the service under @QuarkusTest. */
    public static QdrantContractServer onLocalPort() throws IOException {
        return new QdrantContractServer(true);
    }

    public String name() {
        return inProcessName;
    }

    public int port() {
        return server.getPort();
    }

    public boolean hasCollection(String name) {
        return collections.containsKey(name);
    }

    @Override
    public void close() {
        server.shutdownNow();
    }

    /** Answers the client's version check like a Qdrant 1.18 server. */
    private static final class HealthService extends QdrantGrpc.QdrantImplBase {

        @Override
        public void healthCheck(HealthCheckRequest request, StreamObserver<HealthCheckReply> out) {
            out.onNext(HealthCheckReply.newBuilder().setTitle("qdrant contract server").setVersion(VERSION).build());
            out.onCompleted();
        }
    }

    private final class CollectionsService extends CollectionsGrpc.CollectionsImplBase {

        @Override
        public void create(CreateCollection request, StreamObserver<CollectionOperationResponse> out) {
            var params = request.getVectorsConfig().getParams();
            Shape shape = request.hasSparseVectorsConfig() && request.getSparseVectorsConfig().getMapMap().containsKey("sparse")
                    ? Shape.SPARSE
                    : params.hasMultivectorConfig() && params.getMultivectorConfig().getComparator()
                    == io.qdrant.client.grpc.Collections.MultiVectorComparator.MaxSim ? Shape.MULTI : Shape.DENSE;
            if (collections.putIfAbsent(request.getCollectionName(),
                    new Stored((int) params.getSize(), params.getDistance(), new ConcurrentHashMap<>(), shape)) != null) {
                out.onError(Status.ALREADY_EXISTS.withDescription("Collection `" + request.getCollectionName()
                        + "` already exists!").asRuntimeException());
                return;
            }
            out.onNext(CollectionOperationResponse.newBuilder().setResult(true).build());
            out.onCompleted();
        }

        @Override
        public void delete(DeleteCollection request, StreamObserver<CollectionOperationResponse> out) {
            boolean removed = collections.remove(request.getCollectionName()) != null;
            out.onNext(CollectionOperationResponse.newBuilder().setResult(removed).build());
            out.onCompleted();
        }

        @Override
        public void collectionExists(CollectionExistsRequest request, StreamObserver<CollectionExistsResponse> out) {
            out.onNext(CollectionExistsResponse.newBuilder().setResult(CollectionExists.newBuilder()
                    .setExists(collections.containsKey(request.getCollectionName()))).build());
            out.onCompleted();
        }

        @Override
        public void get(GetCollectionInfoRequest request, StreamObserver<GetCollectionInfoResponse> out) {
            Stored s = collections.get(request.getCollectionName());
            if (s == null) {
                out.onError(notFound(request.getCollectionName()));
                return;
            }
            out.onNext(GetCollectionInfoResponse.newBuilder().setResult(CollectionInfo.newBuilder()
                    .setStatus(CollectionStatus.Green).setPointsCount(s.points().size())).build());
            out.onCompleted();
        }
    }

    private final class PointsService extends PointsGrpc.PointsImplBase {

        @Override
        public void upsert(UpsertPoints request, StreamObserver<PointsOperationResponse> out) {
            Stored s = collections.get(request.getCollectionName());
            if (s == null) {
                out.onError(notFound(request.getCollectionName()));
                return;
            }
            Map<PointId, PointStruct> batch = new LinkedHashMap<>();
            for (PointStruct p : request.getPointsList()) {
                if (s.shape() == Shape.SPARSE) {
                    if (!p.getVectors().hasVectors() || !p.getVectors().getVectors().getVectorsMap().containsKey("sparse")) {
                        out.onError(Status.INVALID_ARGUMENT.withDescription("Wrong input: Not existing vector name error: ")
                                .asRuntimeException());
                        return;
                    }
                    batch.put(p.getId(), p);
                    continue;
                }
                if (s.shape() == Shape.MULTI) {
                    for (float[] row : rows(p.getVectors().getVector())) {
                        if (row.length != s.size()) {
                            out.onError(Status.INVALID_ARGUMENT.withDescription("Wrong input: Vector dimension error: expected dim: "
                                    + s.size() + ", got " + row.length).asRuntimeException());
                            return;
                        }
                    }
                    batch.put(p.getId(), p);
                    continue;
                }
                float[] v = vector(p.getVectors().getVector());
                if (v.length != s.size()) {
                    out.onError(Status.INVALID_ARGUMENT.withDescription("Wrong input: Vector dimension error: expected dim: "
                            + s.size() + ", got " + v.length).asRuntimeException());
                    return;
                }
                batch.put(p.getId(), p);
            }
            s.points().putAll(batch);
            out.onNext(PointsOperationResponse.newBuilder()
                    .setResult(UpdateResult.newBuilder().setStatus(UpdateStatus.Completed)).build());
            out.onCompleted();
        }

        @Override
        public void queryBatch(io.qdrant.client.grpc.Points.QueryBatchPoints request,
                               StreamObserver<io.qdrant.client.grpc.Points.QueryBatchResponse> out) {
            Stored s = collections.get(request.getCollectionName());
            if (s == null) {
                out.onError(notFound(request.getCollectionName()));
                return;
            }
            var response = io.qdrant.client.grpc.Points.QueryBatchResponse.newBuilder();
            try {
                for (QueryPoints q : request.getQueryPointsList()) {
                    response.addResult(BatchResult.newBuilder().addAllResult(nearest(s, q)));
                }
            } catch (RuntimeException e) {
                out.onError(e);
                return;
            }
            out.onNext(response.build());
            out.onCompleted();
        }

        @Override
        public void searchBatch(SearchBatchPoints request, StreamObserver<SearchBatchResponse> out) {
            Stored s = collections.get(request.getCollectionName());
            if (s == null) {
                out.onError(notFound(request.getCollectionName()));
                return;
            }
            SearchBatchResponse.Builder response = SearchBatchResponse.newBuilder();
            for (SearchPoints search : request.getSearchPointsList()) {
                response.addResult(BatchResult.newBuilder().addAllResult(bruteForce(s, search)));
            }
            out.onNext(response.build());
            out.onCompleted();
        }
    }

    /**
     * The Query API, {@code nearest} only: a sparse vector (dot product; a point sharing no index is not a result, as
     * Qdrant's inverted index never visits it) or a multivector (MaxSim).
     */
    private static List<ScoredPoint> nearest(Stored s, QueryPoints query) {
        var input = query.getQuery().getNearest();
        List<ScoredPoint> scored = new ArrayList<>();
        for (PointStruct p : s.points().values()) {
            if (!passes(query.getFilter(), p.getPayloadMap())) {
                continue;
            }
            double score;
            if (s.shape() == Shape.SPARSE) {
                if (!"sparse".equals(query.getUsing()) || !input.hasSparse()) {
                    throw Status.INVALID_ARGUMENT.withDescription("contract server: a sparse query needs using 'sparse'").asRuntimeException();
                }
                Map<Integer, Float> doc = sparse(p.getVectors().getVectors().getVectorsMap().get("sparse"));
                score = 0;
                boolean shared = false;
                for (int i = 0; i < input.getSparse().getIndicesCount(); i++) {
                    shared |= doc.containsKey(input.getSparse().getIndices(i));
                    score += input.getSparse().getValues(i) * doc.getOrDefault(input.getSparse().getIndices(i), 0f);
                }
                if (!shared) {
                    continue; // Qdrant's sparse search visits the postings of the query's indices only
                }
            } else if (s.shape() == Shape.MULTI && input.hasMultiDense()) {
                List<float[]> docRows = rows(p.getVectors().getVector());
                score = 0;
                for (var q : input.getMultiDense().getVectorsList()) {
                    float[] qr = toArray(q.getDataList());
                    double best = Double.NEGATIVE_INFINITY;
                    for (float[] d : docRows) {
                        float[] dr = s.distance() == Distance.Cosine ? normalised(d) : d;
                        float[] qn = s.distance() == Distance.Cosine ? normalised(qr) : qr;
                        double dot = 0;
                        for (int k = 0; k < dr.length; k++) {
                            dot += dr[k] * qn[k];
                        }
                        best = Math.max(best, dot);
                    }
                    score += best;
                }
            } else {
                throw Status.UNIMPLEMENTED.withDescription("contract server: query " + input.getVariantCase() + " on a "
                        + s.shape() + " collection").asRuntimeException();
            }
            ScoredPoint.Builder b = ScoredPoint.newBuilder().setId(p.getId()).setScore((float) score).setVersion(0);
            if (query.getWithPayload().getEnable()) {
                b.putAllPayload(p.getPayloadMap());
            }
            scored.add(b.build());
        }
        scored.sort(Comparator.comparingDouble(ScoredPoint::getScore).reversed());
        return scored.subList(0, (int) Math.min(query.getLimit(), scored.size()));
    }

    /** A point's sparse vector, in the current ({@code sparse}) or the deprecated ({@code data} + {@code indices}) form. */
    @SuppressWarnings("deprecation")
    private static Map<Integer, Float> sparse(Vector v) {
        List<Float> values = v.hasSparse() ? v.getSparse().getValuesList() : v.getDataList();
        List<Integer> indices = v.hasSparse() ? v.getSparse().getIndicesList() : v.getIndices().getDataList();
        Map<Integer, Float> out = new java.util.HashMap<>();
        for (int i = 0; i < indices.size(); i++) {
            out.put(indices.get(i), values.get(i));
        }
        return out;
    }

    /** A point's multivector rows, in the current ({@code multi_dense}) or the deprecated ({@code data} + {@code vectors_count}) form. */
    @SuppressWarnings("deprecation")
    private static List<float[]> rows(Vector v) {
        List<float[]> out = new ArrayList<>();
        if (v.hasMultiDense()) {
            v.getMultiDense().getVectorsList().forEach(d -> out.add(toArray(d.getDataList())));
            return out;
        }
        float[] data = toArray(v.getDataList());
        int count = v.hasVectorsCount() ? v.getVectorsCount() : 1;
        int dim = data.length / count;
        for (int r = 0; r < count; r++) {
            out.add(java.util.Arrays.copyOfRange(data, r * dim, (r + 1) * dim));
        }
        return out;
    }

    private static List<ScoredPoint> bruteForce(Stored s, SearchPoints search) {
        float[] q = toArray(search.getVectorList());
        if (s.distance() == Distance.Cosine) {
            q = normalised(q);
        }
        List<ScoredPoint> scored = new ArrayList<>();
        for (PointStruct p : s.points().values()) {
            if (!passes(search.getFilter(), p.getPayloadMap())) {
                continue;
            }
            float[] v = vector(p.getVectors().getVector());
            if (s.distance() == Distance.Cosine) {
                v = normalised(v);
            }
            float dot = 0;
            for (int i = 0; i < v.length; i++) {
                dot += v[i] * q[i];
            }
            ScoredPoint.Builder b = ScoredPoint.newBuilder().setId(p.getId()).setScore(dot).setVersion(0);
            if (search.getWithPayload().getEnable()) {
                b.putAllPayload(p.getPayloadMap());
            }
            scored.add(b.build());
        }
        scored.sort(Comparator.comparingDouble(ScoredPoint::getScore).reversed());
        return scored.subList(0, (int) Math.min(search.getLimit(), scored.size()));
    }

    private static boolean passes(Filter filter, Map<String, Value> payload) {
        for (Condition c : filter.getMustList()) {
            var field = c.getField();
            String value = payload.containsKey(field.getKey()) ? payload.get(field.getKey()).getStringValue() : null;
            var match = field.getMatch();
            boolean ok = switch (match.getMatchValueCase()) {
                case KEYWORD -> match.getKeyword().equals(value);
                case KEYWORDS -> match.getKeywords().getStringsList().contains(value);
                default -> throw Status.UNIMPLEMENTED.withDescription("contract server: match " + match.getMatchValueCase())
                        .asRuntimeException();
            };
            if (!ok) {
                return false;
            }
        }
        return true;
    }

    @SuppressWarnings("deprecation")
    private static float[] vector(Vector v) {
        return v.hasDense() ? toArray(v.getDense().getDataList()) : toArray(v.getDataList());
    }

    private static float[] toArray(List<Float> values) {
        float[] a = new float[values.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = values.get(i);
        }
        return a;
    }

    private static float[] normalised(float[] v) {
        double sum = 0;
        for (float x : v) {
            sum += (double) x * x;
        }
        float inv = sum == 0 ? 0 : (float) (1 / Math.sqrt(sum));
        float[] out = new float[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i] * inv;
        }
        return out;
    }

    private static RuntimeException notFound(String name) {
        return Status.NOT_FOUND.withDescription("Not found: Collection `" + name + "` doesn't exist!").asRuntimeException();
    }
}
