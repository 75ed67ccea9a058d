package io.clirbench.index.grpc;

import io.clirbench.index.store.qdrant.QdrantContractServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Points the service's Qdrant client at a {@link QdrantContractServer} on a local port. One server per
 * test JVM, so that collections outlive a restart of the application (as on a real Qdrant server).
 */
public class ContractQdrantResource implements QuarkusTestResourceLifecycleManager {

    private static QdrantContractServer server;

    static synchronized QdrantContractServer server() {
        if (server == null) {
            try {
                server = QdrantContractServer.onLocalPort();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(server::close));
        }
        return server;
    }

    @Override
    public Map<String, String> start() {
        return Map.of("index.qdrant.host", "localhost", "index.qdrant.port", Integer.toString(server().port()));
    }

    @Override
    public void stop() {
        // kept for the next application start in this JVM
    }
}
