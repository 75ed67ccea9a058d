package io.clirbench.gateway.peers;

import io.grpc.Server;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The embedders behind a discovery name: two pods of {@code found-a}, one of {@code found-b}, one pod
 * reporting {@code test-model} (configured by {@link PeersResource}: the configured endpoints must win),
 * and an endpoint nobody listens on. Sets {@code gateway.encoders-discovery} and the endpoints
 * {@link ListResolver} returns; injects the Embed calls per pod (a1, a2, b1, t1) into a {@code Map}
 * field named {@code discoveryCalls}.
 */
public class DiscoveryPeersResource implements QuarkusTestResourceLifecycleManager {

    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    private final List<Server> servers = new ArrayList<>();

    private String pod(String name, String model) throws IOException {
        Server s = SecuredPeers.onFreePort()
                .addService(FakeEmbedder.serving(model, calls.computeIfAbsent(name, k -> new AtomicInteger()))).build().start();
        servers.add(s);
        return "localhost:" + s.getPort();
    }

    @Override
    public Map<String, String> start() {
        try {
            String dead;
            try (ServerSocket socket = new ServerSocket(0)) {
                dead = "localhost:" + socket.getLocalPort();
            }
            String endpoints = String.join(",", pod("a1", "found-a"), dead, pod("b1", "found-b"), pod("a2", "found-a"),
                    pod("t1", FakeEmbedder.MODEL));
            return Map.of("gateway.encoders-discovery", "embedders.test:8080", "test.discovery.endpoints", endpoints);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void inject(TestInjector injector) {
        injector.injectIntoFields(calls, f -> f.getName().equals("discoveryCalls"));
    }

    @Override
    public void stop() {
        servers.forEach(Server::shutdownNow);
    }
}
