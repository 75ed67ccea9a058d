package io.clirbench.index.grpc;

import io.clirbench.proto.index.v1.CreateCollectionRequest;
import io.clirbench.proto.index.v1.DropCollectionRequest;
import io.clirbench.proto.index.v1.IndexKind;
import io.clirbench.proto.index.v1.IndexServiceGrpc;
import io.clirbench.proto.index.v1.Metric;
import io.clirbench.proto.index.v1.Payload;
import io.clirbench.proto.index.v1.Point;
import io.clirbench.proto.index.v1.QueryVector;
import io.clirbench.proto.index.v1.UpsertRequest;

import java.util.List;

/** Builders of index.v1 requests shared by the gRPC tests. */
final class Messages {

    private Messages() {
    }

    static CreateCollectionRequest create(String name, int dim, IndexKind kind) {
        return CreateCollectionRequest.newBuilder().setName(name).setDimension(dim).setMetric(Metric.METRIC_DOT)
                .setKind(kind).build();
    }

    static void dropIfPresent(IndexServiceGrpc.IndexServiceBlockingStub stub, String name) {
        stub.dropCollection(DropCollectionRequest.newBuilder().setName(name).build());
    }

    static UpsertRequest upsert(String collection, float[][] rows, String[] ids, String[] langs) {
        UpsertRequest.Builder b = UpsertRequest.newBuilder().setCollection(collection);
        for (int i = 0; i < rows.length; i++) {
            Point.Builder p = b.addPointsBuilder()
                    .setPayload(Payload.newBuilder().setDocId(ids[i]).setLang(langs[i]).setFamily("fam-" + (i / 4)));
            for (float x : rows[i]) {
                p.addVector(x);
            }
        }
        return b.build();
    }

    static QueryVector query(float[] v) {
        QueryVector.Builder b = QueryVector.newBuilder();
        for (float x : v) {
            b.addValues(x);
        }
        return b.build();
    }

    static List<Float> boxed(float[] v) {
        List<Float> out = new java.util.ArrayList<>(v.length);
        for (float x : v) {
            out.add(x);
        }
        return out;
    }
}
