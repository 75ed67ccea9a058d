package io.clirbench.gateway.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.gateway.peers.FakeEmbedder;
import io.clirbench.gateway.peers.SecuredPeers;
import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.clirbench.proto.embed.v1.InfoRequest;
import io.grpc.Server;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The gateway's channels carry the service token: a peer that checks it answers them, and refuses channels without it. */
class GrpcChannelsCredentialsTest {

    private Server peer;
    private String target;

    @BeforeEach
    void start() throws Exception {
        peer = SecuredPeers.onFreePort().addService(FakeEmbedder.serving("model-a", new AtomicInteger())).build().start();
        target = "localhost:" + peer.getPort();
    }

    @AfterEach
    void stop() {
        peer.shutdownNow();
    }

    @Test
    void channelsWithTheServiceTokenAreAnswered() throws InterruptedException {
        GrpcChannels channels = new GrpcChannels(Optional.of(SecuredPeers.SERVICE_TOKEN));
        try {
            assertThat(info(channels).getModelId()).isEqualTo("model-a");
        } finally {
            channels.close();
        }
    }

    @Test
    void channelsWithoutOrWithAWrongTokenAreRefused() throws InterruptedException {
        for (Optional<String> token : java.util.List.of(Optional.<String>empty(), Optional.of("wrong-token"))) {
            GrpcChannels channels = new GrpcChannels(token);
            try {
                assertThatThrownBy(() -> info(channels)).isInstanceOfSatisfying(StatusRuntimeException.class,
                        e -> assertThat(e.getStatus().getCode()).isEqualTo(Status.Code.UNAUTHENTICATED));
            } finally {
                channels.close();
            }
        }
    }

    private io.clirbench.proto.embed.v1.InfoResponse info(GrpcChannels channels) {
        return EmbedServiceGrpc.newBlockingStub(channels.forTarget(target)).withDeadlineAfter(10, TimeUnit.SECONDS)
                .info(InfoRequest.getDefaultInstance());
    }
}
