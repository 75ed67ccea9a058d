package io.clirbench.gateway.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import io.clirbench.gateway.peers.FakeEmbedder;
import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.clirbench.proto.embed.v1.InfoRequest;
import io.grpc.Server;
import io.clirbench.gateway.peers.SecuredPeers;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Discovery against real gRPC peers on local ports; the resolver seam stands in for DNS. */
class EmbedderDiscoveryTest {

    private final List<Server> servers = new ArrayList<>();
    private final GrpcChannels channels = new GrpcChannels(Optional.of(SecuredPeers.SERVICE_TOKEN));

    @AfterEach
    void stop() throws InterruptedException {
        servers.forEach(Server::shutdownNow);
        channels.close();
    }

    private String peer(String model) throws Exception {
        Server s = SecuredPeers.onFreePort().addService(FakeEmbedder.serving(model, new AtomicInteger())).build().start();
        servers.add(s);
        return "localhost:" + s.getPort();
    }

    /** A port nobody listens on (bound, then released). */
    private static String deadEndpoint() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return "localhost:" + socket.getLocalPort();
        }
    }

    private EmbedderDiscovery discovery(Resolver resolver, AtomicLong clock) {
        return new EmbedderDiscovery("embedders:8080", resolver, e -> EmbedServiceGrpc.newBlockingStub(channels.forTarget(e))
                .withDeadlineAfter(2, TimeUnit.SECONDS).info(InfoRequest.getDefaultInstance()), clock::get);
    }

    @Test
    void groupsTheAnsweringEndpointsByTheModelTheyReportAndSkipsTheSilentOne() throws Exception {
        String a1 = peer("model-a");
        String dead = deadEndpoint();
        String b1 = peer("model-b");
        String a2 = peer("model-a");
        EmbedderDiscovery d = discovery(host -> List.of(a1, dead, b1, a2), new AtomicLong());

        // the model ids the peers were started with, each pod in the order the resolver gave it
        assertThat(d.models()).containsExactly(entry("model-a", List.of(a1, a2)), entry("model-b", List.of(b1)));
    }

    @Test
    void answersFromTheCacheForFiveSecondsThenAsksAgain() throws Exception {
        String a1 = peer("model-a");
        String b1 = peer("model-b");
        AtomicInteger resolutions = new AtomicInteger();
        List<String> names = new ArrayList<>(List.of(a1));
        AtomicLong clock = new AtomicLong(1_000);
        EmbedderDiscovery d = discovery(host -> {
            resolutions.incrementAndGet();
            return List.copyOf(names);
        }, clock);

        assertThat(d.models()).containsOnlyKeys("model-a");
        names.add(b1);                                    // a new pod (a new model) appears
        clock.addAndGet(4_999_999_999L);                  // 5 s less 1 ns later: still the cached answer
        assertThat(d.models()).containsOnlyKeys("model-a");
        assertThat(resolutions).hasValue(1);
        clock.addAndGet(1);                               // 5 s later: asked again
        assertThat(d.models()).containsOnlyKeys("model-a", "model-b");
        assertThat(resolutions).hasValue(2);
    }

    @Test
    void aNameThatDoesNotResolveGivesNoModelAndABadSettingIsRefused() {
        EmbedderDiscovery d = discovery(host -> {
            throw new UnknownHostException(host + ": no such host");
        }, new AtomicLong());
        assertThat(d.models()).isEmpty();
        assertThatThrownBy(() -> new EmbedderDiscovery("embedders", host -> List.of(), e -> null, System::nanoTime))
                .hasMessageContaining("gateway.encoders-discovery 'embedders' is not host:port");
    }

    @Test
    void dnsResolverGivesOneIpEndpointPerAddress() throws Exception {
        assertThat(new DnsResolver().resolve("127.0.0.1:8080")).containsExactly("127.0.0.1:8080");
        assertThat(new DnsResolver().resolve("[::1]:8080")).containsExactly("[0:0:0:0:0:0:0:1]:8080");
    }
}
