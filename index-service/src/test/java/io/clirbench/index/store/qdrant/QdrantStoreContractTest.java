package io.clirbench.index.store.qdrant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.index.search.BruteForce;
import io.clirbench.index.store.CollectionSpec;
import io.clirbench.index.store.Hit;
import io.clirbench.index.store.StoreKind;
import io.clirbench.index.store.Metric;
import io.clirbench.index.store.PayloadFilter;
import io.clirbench.index.store.PointPayload;
import io.clirbench.index.store.Points;
import io.clirbench.index.store.StoreFailureException;
import io.grpc.inprocess.InProcessChannelBuilder;
import io.qdrant.client.QdrantClient;
import io.qdrant.client.QdrantGrpcClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The Qdrant adapter through the real {@link QdrantClient} against {@link QdrantContractServer} over an in-process channel. */
class QdrantStoreContractTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
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
    void createUpsertAndBatchSearchMatchBruteForce() {
        Random rnd = new Random(11);
        int count = 300, dim = 8;
        float[][] rows = BruteForce.integerVectors(rnd, count, dim);
        String[] ids = BruteForce.shuffledIds(rnd, count);
        String[] langs = new String[count];
        List<PointPayload> payloads = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            langs[i] = List.of("en", "de", "zh").get(i % 3);
            payloads.add(new PointPayload(ids[i], langs[i], "f" + (i / 3)));
        }
        QdrantStore store = QdrantStore.create(new CollectionSpec("xq__model", dim, Metric.DOT, StoreKind.QDRANT, 0, 0),
                client, TIMEOUT);
        store.upsert(new Points(List.of(rows), payloads));
        assertThat(store.count()).isEqualTo(count);

        float[][] queries = BruteForce.integerVectors(rnd, 5, dim);
        List<List<Hit>> got = store.search(queries, 40, PayloadFilter.NONE, 0);
        // the contract server keeps ties in insertion order; the adapter must re-rank them by doc id
        for (int q = 0; q < queries.length; q++) {
            var expected = BruteForce.rank(rows, ids, queries[q], 40, r -> true);
            // compare ranks whose score is not tied with the cut-off (which Qdrant may cut either way)
            double cut = expected.get(39).score();
            assertThat(got.get(q).stream().filter(h -> h.score() > cut).map(Hit::docId).toList())
                    .containsExactlyElementsOf(expected.stream().filter(e -> e.score() > cut).map(BruteForce.Scored::id).toList());
        }

        List<Hit> german = store.search(new float[][] {queries[0]}, 10, new PayloadFilter(Set.of("de"), Set.of()), 0).get(0);
        assertThat(german).hasSize(10).allSatisfy(h -> assertThat(h.lang()).isEqualTo("de"));
        assertThat(german.get(0).family()).startsWith("f");
    }

    @Test
    void upsertReplacesByDocIdAndDropDeletesTheCollection() {
        QdrantStore store = QdrantStore.create(new CollectionSpec("c1", 2, Metric.COSINE, StoreKind.QDRANT, 0, 0),
                client, TIMEOUT);
        store.upsert(new Points(List.of(new float[] {1, 0}), List.of(new PointPayload("a", "en", "f"))));
        store.upsert(new Points(List.of(new float[] {0, 1}), List.of(new PointPayload("a", "en", "f"))));
        assertThat(store.count()).isEqualTo(1);
        assertThat(store.search(new float[][] {{0, 1}}, 1, PayloadFilter.NONE, 0).get(0).get(0).score()).isEqualTo(1f);
        store.drop();
        assertThat(server.hasCollection("c1")).isFalse();
    }

    @Test
    void serverErrorsBecomeStoreFailuresNamingTheCollection() {
        CollectionSpec spec = new CollectionSpec("dup", 2, Metric.DOT, StoreKind.QDRANT, 0, 0);
        QdrantStore.create(spec, client, TIMEOUT);
        assertThatThrownBy(() -> QdrantStore.create(spec, client, TIMEOUT))
                .isInstanceOf(StoreFailureException.class).hasMessageContaining("'dup'");
        QdrantStore missing = QdrantStore.attach(new CollectionSpec("missing", 2, Metric.DOT, StoreKind.QDRANT, 0, 0),
                client, TIMEOUT);
        assertThatThrownBy(() -> missing.search(new float[][] {{1, 0}}, 1, PayloadFilter.NONE, 0))
                .isInstanceOf(StoreFailureException.class).hasMessageContaining("'missing'");
    }
}
