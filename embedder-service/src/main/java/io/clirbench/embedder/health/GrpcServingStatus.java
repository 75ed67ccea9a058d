package io.clirbench.embedder.health;

import grpc.health.v1.HealthOuterClass.HealthCheckResponse.ServingStatus;
import io.clirbench.embedder.model.LoadedModel;
import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.quarkus.grpc.runtime.health.GrpcHealthStorage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/** Mirrors the model state into the standard gRPC health service (grpc.health.v1.Health). */
@ApplicationScoped
public class GrpcServingStatus {

    private final GrpcHealthStorage storage;

    public GrpcServingStatus(GrpcHealthStorage storage) {
        this.storage = storage;
    }

    void onState(@Observes LoadedModel.State state) {
        ServingStatus status = state == LoadedModel.State.READY ? ServingStatus.SERVING : ServingStatus.NOT_SERVING;
        storage.setStatus(GrpcHealthStorage.DEFAULT_SERVICE_NAME, status);
        storage.setStatus(EmbedServiceGrpc.SERVICE_NAME, status);
    }
}
