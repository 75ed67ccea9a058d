package io.clirbench.index.store.hnsw;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.index.search.BruteForce;
import io.clirbench.index.store.CollectionSpec;
import io.clirbench.index.store.Hit;
import io.clirbench.index.store.StoreKind;
import io.clirbench.index.store.Metric;
import io.clirbench.index.store.PayloadFilter;
import io.clirbench.index.store.PointPayload;
import io.clirbench.index.store.Points;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HnswStoreTest {

    @TempDir
    Path dir;

    @Test
    void recallAgainstBruteForceIsHighAndScoresAreRawDotProducts() {
        Random rnd = new Random(9);
        int count = 2_000, dim = 32, n = 10;
        float[][] rows = BruteForce.gaussianVectors(rnd, count, dim);
        String[] ids = BruteForce.shuffledIds(rnd, count);
        List<PointPayload> payloads = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            payloads.add(new PointPayload(ids[i], i % 2 == 0 ? "en" : "de", "f"));
        }
        try (HnswStore store = new HnswStore(new CollectionSpec("h", dim, Metric.DOT, StoreKind.HNSW, 16, 100), dir)) {
            store.upsert(new Points(List.of(rows), payloads));
            assertThat(store.count()).isEqualTo(count);
            float[][] queries = BruteForce.gaussianVectors(rnd, 20, dim);
            List<List<Hit>> got = store.search(queries, n, PayloadFilter.NONE, 200);
            int found = 0;
            for (int q = 0; q < queries.length; q++) {
                var expected = BruteForce.rank(rows, ids, queries[q], n, r -> true);
                Set<String> truth = new HashSet<>();
                expected.forEach(e -> truth.add(e.id()));
                found += (int) got.get(q).stream().filter(h -> truth.contains(h.docId())).count();
                // the top hit's score is the raw dot product (Lucene's scaling undone)
                Hit top = got.get(q).get(0);
                if (top.docId().equals(expected.get(0).id())) {
                    assertThat((double) top.score()).isCloseTo(expected.get(0).score(), org.assertj.core.data.Offset.offset(1e-3));
                }
            }
            double recall = found / (double) (n * queries.length);
            assertThat(recall).isGreaterThan(0.9);

            List<Hit> german = store.search(new float[][] {queries[0]}, 5, new PayloadFilter(Set.of("de"), Set.of()), 0).get(0);
            assertThat(german).hasSize(5).allSatisfy(h -> assertThat(h.lang()).isEqualTo("de"));
        }
    }

    @Test
    void negativeAndPositiveInnerProductsMapBack() {
        // Lucene: x < 0 -> 1 / (1 - x); x >= 0 -> x + 1
        assertThat(HnswStore.innerProduct(1f / (1 + 3f))).isCloseTo(-3f, org.assertj.core.data.Offset.offset(1e-6f));
        assertThat(HnswStore.innerProduct(2.5f + 1)).isEqualTo(2.5f);
    }
}
