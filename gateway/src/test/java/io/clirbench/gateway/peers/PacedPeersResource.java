package io.clirbench.gateway.peers;

import io.grpc.Server;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Starts one {@link PacedEmbedder} replica of {@code paced-model} (with {@link PeersResource} for the other peers);
 * injects its log into a {@code List} field named {@code pacedLog} and its counters into a {@code Map} field named
 * {@code pacedCounts} (JDK types, shared across class loaders).
 */
public class PacedPeersResource implements QuarkusTestResourceLifecycleManager {

    private final List<String> log = Collections.synchronizedList(new ArrayList<>());
    private final Map<String, AtomicInteger> counts = new ConcurrentHashMap<>();
    private Server server;

    @Override
    public Map<String, String> start() {
        try {
            server = SecuredPeers.onFreePort().addService(new PacedEmbedder(log, counts)).build().start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Map.of("gateway.encoders.\"" + PacedEmbedder.MODEL + "\".endpoints", "localhost:" + server.getPort());
    }

    @Override
    public void inject(TestInjector injector) {
        injector.injectIntoFields(log, f -> f.getName().equals("pacedLog"));
        injector.injectIntoFields(counts, f -> f.getName().equals("pacedCounts"));
    }

    @Override
    public void stop() {
        if (server != null) {
            server.shutdownNow();
        }
    }
}
