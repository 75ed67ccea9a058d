package io.clirbench.index.store.qdrant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.clirbench.index.store.CollectionSpec;
import io.clirbench.index.store.Hit;
import io.clirbench.index.store.StoreKind;
import io.clirbench.index.store.Metric;
import io.clirbench.index.store.PayloadFilter;
import io.clirbench.index.store.PointPayload;
import io.clirbench.index.store.Representation;
import io.clirbench.index.store.RepresentedPoints;
import io.clirbench.index.store.SparseVector;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.qdrant.client.QdrantClient;
import io.qdrant.client.QdrantGrpcClient;
import io.qdrant.client.grpc.Collections.CreateCollection;
import io.qdrant.client.grpc.Collections.MultiVectorComparator;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Qdrant adapter's sparse vectors and multivectors: the create requests it sends, and upsert and search through the
 * real {@link QdrantClient} against {@link QdrantContractServer} (no Qdrant server runs here). The points and the
 * hand-computed scores are those of {@code SparseAndMultiVectorStoreTest} (see its comment).
 */
class QdrantRepresentationsContractTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final List<PointPayload> DOCS = List.of(new PointPayload("f1_en", "en", "f1"),
            new PointPayload("f1_de", "de", "f1"), new PointPayload("f2_en", "en", "f2"), new PointPayload("f2_de", "de", "f2"));
    private QdrantContractServer server;
    private QdrantClient client;

    @BeforeEach
    void start() throws Exception {
        server = QdrantContractServer.inProcess();
        client = new QdrantClient(QdrantGrpcClient.newBuilder(
                InProcessChannelBuilder.forName(server.name()).directExecutor().build(), true).build());
    }

    @AfterEach
    void stop() {
        client.close();
        server.close();
    }

    @Test
    void createRequestsDeclareANamedSparseVectorAndAMaxSimMultivector() {
        CreateCollection sparse = QdrantStore.createRequest(
                new CollectionSpec("s", 0, Metric.DOT, StoreKind.QDRANT, 0, 0, "", Representation.SPARSE));
        assertThat(sparse.getSparseVectorsConfig().getMapMap()).containsOnlyKeys("sparse");
        assertThat(sparse.hasVectorsConfig()).isFalse();
        CreateCollection multi = QdrantStore.createRequest(
                new CollectionSpec("m", 2, Metric.DOT, StoreKind.QDRANT, 0, 0, "", Representation.MULTIVECTOR));
        assertThat(multi.getVectorsConfig().getParams().getSize()).isEqualTo(2);
        assertThat(multi.getVectorsConfig().getParams().getMultivectorConfig().getComparator()).isEqualTo(MultiVectorComparator.MaxSim);
    }

    @Test
    void sparsePointsRankByTheDotProduct() {
        QdrantStore store = QdrantStore.create(new CollectionSpec("s", 0, Metric.DOT, StoreKind.QDRANT, 0, 0, "", Representation.SPARSE),
                client, TIMEOUT);
        store.upsert(RepresentedPoints.sparse(List.of(
                SparseVector.of(new int[] {4, 6, 8}, new float[] {.25f, 1f, .5f}, "p"),
                SparseVector.of(new int[] {6, 8}, new float[] {.5f, 1f}, "p"),
                SparseVector.of(new int[] {4, 9, 11}, new float[] {.25f, 1f, .5f}, "p"),
                SparseVector.of(new int[] {9, 11}, new float[] {.5f, 1f}, "p")), DOCS));
        assertThat(store.count()).isEqualTo(4);
        List<Hit> q2 = store.searchSparse(List.of(SparseVector.of(new int[] {4, 9, 11}, new float[] {.25f, 1f, .5f}, "q")), 3,
                PayloadFilter.NONE).get(0);
        assertThat(q2).extracting(Hit::docId).containsExactly("f2_en", "f2_de", "f1_en");
        assertThat(q2.get(0).score()).isCloseTo(1.3125f, within(1e-6f));
        assertThat(q2.get(2).score()).isCloseTo(0.0625f, within(1e-6f));
        assertThat(store.searchSparse(List.of(SparseVector.of(new int[] {9}, new float[] {1f}, "q")), 5,
                new PayloadFilter(Set.of("de"), Set.of())).get(0)).extracting(Hit::docId).containsExactly("f2_de");
    }

    @Test
    void multivectorPointsRankByMaxSim() {
        QdrantStore store = QdrantStore.create(new CollectionSpec("m", 2, Metric.DOT, StoreKind.QDRANT, 0, 0, "",
                Representation.MULTIVECTOR), client, TIMEOUT);
        store.upsert(RepresentedPoints.multivector(List.of(
                new float[] {0, 0, 1, 0, .6f, .8f, 0, 1, 0, 0},
                new float[] {0, 0, .6f, .8f, .28f, .96f, 0, 0},
                new float[] {0, 0, 1, 0, .6f, .8f, .8f, .6f, 0, 0},
                new float[] {0, 0, .6f, .8f, .96f, .28f, 0, 0}), DOCS));
        List<Hit> q2 = store.searchMultiVector(List.of(new float[] {0, 0, 1, 0, .8f, .6f, 0, 0}), 10, PayloadFilter.NONE, 0).get(0);
        assertThat(q2).extracting(Hit::docId).containsExactly("f2_en", "f1_en", "f2_de", "f1_de");
        assertThat(q2).extracting(h -> (double) h.score()).satisfies(s -> {
            assertThat(s.get(0)).isCloseTo(2.0, within(1e-5));
            assertThat(s.get(1)).isCloseTo(1.96, within(1e-5));
            assertThat(s.get(2)).isCloseTo(1.92, within(1e-5));
            assertThat(s.get(3)).isCloseTo(1.56, within(1e-5));
        });
    }
}
