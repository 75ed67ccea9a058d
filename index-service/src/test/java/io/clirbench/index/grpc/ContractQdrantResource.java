package io.clirbench.index.grpc;

import io.clirbench.index.store.qdrant.QdrantContractServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Points the service's Qdrant client at a {@link QdrantContractServer} on a local port. One server per
 * test JVM, so that collections outlive a restart of the application (as on a real Qdrant server). Its
 * port is kept in a system property because each application start loads this class afresh.
 */
public class ContractQdrantResource implements QuarkusTestResourceLifecycleManager {

    private static final String PORT = "clirbench.test.qdrant-contract-port";

    static synchronized int port() {
        String port = System.getProperty(PORT);
        if (port == null) {
            try {
                QdrantContractServer server = QdrantContractServer.onLocalPort();
                Runtime.getRuntime().addShutdownHook(new Thread(server::close));
                port = Integer.toString(server.port());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            System.setProperty(PORT, port);
        }
        return Integer.parseInt(port);
    }

    @Override
    public Map<String, String> start() {
        return Map.of("index.qdrant.host", "localhost", "index.qdrant.port", Integer.toString(port()));
    }

    @Override
    public void stop() {
        // kept for the next application start in this JVM
    }
}
