package io.clirbench.index.store.exact;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.index.search.ExactSearcher;
import io.clirbench.index.store.CollectionSpec;
import io.clirbench.index.store.Hit;
import io.clirbench.index.store.PayloadFilter;
import io.clirbench.index.store.StoreFailureException;
import io.clirbench.index.store.StoreKind;
import io.clirbench.index.store.Metric;
import io.clirbench.index.store.PointPayload;
import io.clirbench.index.store.Points;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExactStoreTest {

    @TempDir
    Path dir;

    private final CollectionSpec spec = new CollectionSpec("c", 2, Metric.DOT, StoreKind.EXACT, 0, 0);

    private ExactStore open() {
        return new ExactStore(spec, dir, new ExactSearcher(), 1);
    }

    private static Points points(String... ids) {
        List<float[]> v = java.util.Arrays.stream(ids).map(id -> new float[] {1f, 2f}).toList();
        List<PointPayload> p = java.util.Arrays.stream(ids).map(id -> new PointPayload(id, "en", "f")).toList();
        return new Points(v, p);
    }

    @Test
    void leftoverTemporaryFilesAreDeletedOnOpen() throws Exception {
        try (ExactStore s = open()) {
            s.upsert(points("a", "b"));
        }
        Path leftover = dir.resolve("seg-000002.vec.tmp");
        Files.write(leftover, new byte[] {1, 2, 3}); // a crash in the middle of a write
        try (ExactStore s = open()) {
            assertThat(s.count()).isEqualTo(2);
        }
        assertThat(leftover).doesNotExist();
        assertThat(dir.resolve("seg-000001.vec")).exists();
    }

    @Test
    void aFullCollectionRefusesAnUpsertBeforeWritingAnything() throws Exception {
        try (ExactStore s = new ExactStore(spec, dir, new ExactSearcher(), 1, 3)) {
            s.upsert(points("a", "b"));
            // two new ids on top of two: 4 > 3
            assertThatThrownBy(() -> s.upsert(points("c", "d"))).isInstanceOf(StoreFailureException.class)
                    .hasMessageContaining("is full").hasMessageContaining("3");
            assertThat(s.count()).isEqualTo(2);
            assertThat(dir.resolve("seg-000002.vec")).doesNotExist();
            assertThat(s.search(new float[][] {{1f, 0f}}, 10, PayloadFilter.NONE, 0).get(0))
                    .extracting(Hit::docId).containsExactly("a", "b");
            // one existing and one new id: 3 rows, accepted
            s.upsert(points("b", "c"));
            assertThat(s.count()).isEqualTo(3);
        }
        try (ExactStore s = open()) {
            assertThat(s.count()).isEqualTo(3);
        }
    }

    @Test
    void tieRanksAreReadyAfterAnUpsertWithoutASearch() {
        try (ExactStore s = open()) {
            s.upsert(points("m", "b", "z"));
            // ids in String order: b (row 1) < m (row 0) < z (row 2)
            assertThat(s.tieRanksForTests()).containsExactly(1, 0, 2);
            s.upsert(points("a"));
            assertThat(s.tieRanksForTests()).containsExactly(2, 1, 3, 0);
        }
        try (ExactStore s = open()) {
            assertThat(s.tieRanksForTests()).containsExactly(2, 1, 3, 0);
        }
    }

    @Test
    void compactionForcesTheMergedSegmentBeforeDeletingTheOldOnes() {
        java.util.Map<String, Boolean> oldSegmentPresentAtForce = new java.util.concurrent.ConcurrentHashMap<>();
        io.clirbench.index.store.Fsync.observeForTests(p -> oldSegmentPresentAtForce.put(p.getFileName().toString(),
                Files.exists(dir.resolve("seg-000001.vec"))));
        try (ExactStore s = open()) {
            for (int i = 0; i <= ExactStore.MAX_SEGMENTS; i++) { // 17 segments: the last upsert compacts
                s.upsert(points("d" + i));
            }
            // segments 1..17, then the merged one is number 18
            assertThat(oldSegmentPresentAtForce).containsEntry("seg-000018.vec.tmp", true);
            assertThat(dir.resolve("seg-000001.vec")).doesNotExist();
            assertThat(dir.resolve("seg-000018.vec")).exists();
            assertThat(s.count()).isEqualTo(17);
        } finally {
            io.clirbench.index.store.Fsync.observeForTests(null);
        }
        try (ExactStore s = open()) {
            assertThat(s.count()).isEqualTo(17);
        }
    }

    @Test
    void theCompactedSegmentHoldsEveryRowsVector() {
        // 17 rows in blocks of 16 (one row in a second block); row i is (i, 2i): its dot with (1, 1) is 3i
        try (ExactStore s = open()) {
            for (int i = 0; i <= ExactStore.MAX_SEGMENTS; i++) { // the last upsert compacts the 17 segments
                s.upsert(new Points(List.<float[]>of(new float[] {i, 2 * i}), List.of(new PointPayload("d" + i, "en", "f"))));
            }
        }
        assertThat(dir.resolve("seg-000018.vec")).exists();
        assertThat(dir.resolve("seg-000001.vec")).doesNotExist();
        try (ExactStore s = open()) {
            var hits = s.search(new float[][] {{1f, 1f}}, 17, io.clirbench.index.store.PayloadFilter.NONE, 0).get(0);
            assertThat(hits).extracting(h -> h.docId()).startsWith("d16", "d15", "d14");
            for (var hit : hits) {
                assertThat(hit.score()).isEqualTo(3f * Integer.parseInt(hit.docId().substring(1)));
            }
        }
    }
}
