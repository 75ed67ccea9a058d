package io.clirbench.index.store.qdrant;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.index.search.BruteForce;
import io.clirbench.index.store.CollectionSpec;
import io.clirbench.index.store.Hit;
import io.clirbench.index.store.StoreKind;
import io.clirbench.index.store.Metric;
import io.clirbench.index.store.PayloadFilter;
import io.clirbench.index.store.PointPayload;
import io.clirbench.index.store.Points;
import io.qdrant.client.QdrantClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;

/** The adapter against a real Qdrant server: create, upsert, exact batch search vs brute force, filter, drop. */
final class RealQdrantChecks {

    private RealQdrantChecks() {
    }

    static void exerciseAdapter(QdrantClient client) throws Exception {
        String name = "clirbench-it-" + System.currentTimeMillis();
        Random rnd = new Random(13);
        int count = 500, dim = 16;
        float[][] rows = BruteForce.gaussianVectors(rnd, count, dim);
        String[] ids = BruteForce.shuffledIds(rnd, count);
        List<PointPayload> payloads = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            payloads.add(new PointPayload(ids[i], i % 2 == 0 ? "en" : "zh", "f" + i / 2));
        }
        QdrantStore store = QdrantStore.create(new CollectionSpec(name, dim, Metric.DOT, StoreKind.QDRANT, 0, 0),
                client, Duration.ofSeconds(30));
        try {
            store.upsert(new Points(List.of(rows), payloads));
            // Qdrant indexes asynchronously; the count is exact once the upsert (wait=true) returned
            assertThat(store.count()).isEqualTo(count);
            float[][] queries = BruteForce.gaussianVectors(rnd, 5, dim);
            List<List<Hit>> got = store.search(queries, 20, PayloadFilter.NONE, 0);
            for (int q = 0; q < queries.length; q++) {
                var expected = BruteForce.rank(rows, ids, queries[q], 20, r -> true);
                assertThat(got.get(q)).hasSize(20);
                for (int i = 0; i < 20; i++) {
                    // the server sums in float, the reference in double: equal ids where no near-tie can flip them
                    assertThat((double) got.get(q).get(i).score())
                            .isCloseTo(expected.get(i).score(), org.assertj.core.data.Offset.offset(1e-3));
                    boolean isolated = (i == 0 || expected.get(i - 1).score() - expected.get(i).score() > 1e-3)
                            && (i == 19 || expected.get(i).score() - expected.get(i + 1).score() > 1e-3);
                    if (isolated) {
                        assertThat(got.get(q).get(i).docId()).isEqualTo(expected.get(i).id());
                    }
                }
            }
            List<Hit> zh = store.search(new float[][] {queries[0]}, 10, new PayloadFilter(Set.of("zh"), Set.of()), 0).get(0);
            assertThat(zh).hasSize(10).allSatisfy(h -> assertThat(h.lang()).isEqualTo("zh"));
        } finally {
            store.drop();
        }
    }
}
