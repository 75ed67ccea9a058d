package io.clirbench.index.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.index.search.ExactSearcher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Drop goes through a tombstone directory; startup deletes tombstones; create starts from a clean directory. */
class CollectionDropTest {

    @TempDir
    Path dir;

    private CollectionRegistry open() {
        return new CollectionRegistry(dir, new ExactSearcher(), 1, null, java.time.Duration.ofSeconds(5));
    }

    private List<String> entries() throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    private static Points one(String id) {
        return new Points(List.<float[]>of(new float[] {1f, 0f}), List.of(new PointPayload(id, "en", "f")));
    }

    @Test
    void dropLeavesNeitherTheDirectoryNorATombstone() throws Exception {
        try (CollectionRegistry reg = open()) {
            CollectionOperations ops = new CollectionOperations(reg, 10);
            for (StoreKind kind : List.of(StoreKind.EXACT, StoreKind.HNSW)) {
                reg.create(new CollectionSpec("c-" + kind, 2, Metric.DOT, kind, 0, 0));
                ops.upsert("c-" + kind, one("d1"));
                ops.indexTexts("c-" + kind, List.of(new PointPayload("d1", "en", "f")), List.of("some text"));
            }
            assertThat(reg.drop("c-EXACT")).isTrue();
            assertThat(reg.drop("c-HNSW")).isTrue();
            assertThat(reg.drop("c-HNSW")).isFalse();
            assertThat(entries()).isEmpty();
        }
    }

    @Test
    void aTombstoneLeftByACrashIsDeletedAtStartupAndNeverLoaded() throws Exception {
        try (CollectionRegistry reg = open()) {
            reg.create(new CollectionSpec("a", 2, Metric.DOT, StoreKind.EXACT, 0, 0));
            new CollectionOperations(reg, 10).upsert("a", one("d1"));
        }
        // a crash after the rename of a drop, before the delete finished
        Files.move(dir.resolve("a"), dir.resolve(".dropped-a-12345"));
        try (CollectionRegistry reg = open()) {
            assertThat(reg.list()).isEmpty();
        }
        assertThat(entries()).isEmpty();
    }

    @Test
    void createStartsCleanInALeftoverDirectory() throws Exception {
        // a create that crashed before writing its spec left a directory with a damaged segment
        Files.createDirectories(dir.resolve("b/exact"));
        Files.writeString(dir.resolve("b/exact/seg-000001.vec"), "not a vector file");
        try (CollectionRegistry reg = open()) {
            assertThat(reg.list()).isEmpty();
            Collection c = reg.create(new CollectionSpec("b", 2, Metric.DOT, StoreKind.EXACT, 0, 0));
            assertThat(c.vectorCount()).isZero();
            new CollectionOperations(reg, 10).upsert("b", one("d1"));
        }
        try (CollectionRegistry reg = open()) {
            assertThat(reg.get("b").vectorCount()).isEqualTo(1);
        }
    }
}
