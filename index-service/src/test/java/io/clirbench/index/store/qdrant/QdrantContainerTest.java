package io.clirbench.index.store.qdrant;

import io.qdrant.client.QdrantClient;
import io.qdrant.client.QdrantGrpcClient;
import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.qdrant.QdrantContainer;

/** The adapter against a real Qdrant in a container (pinned image); skipped where no Docker is available, as here. */
@Testcontainers(disabledWithoutDocker = true)
class QdrantContainerTest {

    /** The server version that the client jar (1.18.x) is built against. */
    @Container
    static final QdrantContainer QDRANT = new QdrantContainer("qdrant/qdrant:v1.18.0");

    @Test
    void adapterWorksAgainstTheContainer() throws Exception {
        try (QdrantClient client = new QdrantClient(
                QdrantGrpcClient.newBuilder(QDRANT.getHost(), QDRANT.getMappedPort(6334), false).build())) {
            RealQdrantChecks.exerciseAdapter(client);
        }
    }
}
