package io.clirbench.index.store.qdrant;

import io.qdrant.client.QdrantClient;
import io.qdrant.client.QdrantGrpcClient;
import java.net.URI;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * The adapter against a real Qdrant server at {@code QDRANT_URL} (its gRPC endpoint, e.g.
 * {@code http://localhost:6334}; {@code QDRANT_API_KEY} optional). Skipped when the variable is not set,
 * which is the case on the development machines and in CI: no Qdrant server can be started there.
 */
@EnabledIfEnvironmentVariable(named = "QDRANT_URL", matches = ".+")
class QdrantServerTest {

    @Test
    void adapterWorksAgainstARealServer() throws Exception {
        URI url = URI.create(System.getenv("QDRANT_URL"));
        QdrantGrpcClient.Builder b = QdrantGrpcClient.newBuilder(url.getHost(), url.getPort() < 0 ? 6334 : url.getPort(),
                "https".equals(url.getScheme()));
        String key = System.getenv("QDRANT_API_KEY");
        if (key != null && !key.isBlank()) {
            b.withApiKey(key);
        }
        try (QdrantClient client = new QdrantClient(b.build())) {
            RealQdrantChecks.exerciseAdapter(client);
        }
    }
}
