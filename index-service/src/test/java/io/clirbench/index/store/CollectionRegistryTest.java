package io.clirbench.index.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.index.search.BruteForce;
import io.clirbench.index.search.ExactSearcher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stores of each embedded kind survive a close and reopen of the registry (a service restart). */
class CollectionRegistryTest {

    @TempDir
    Path dir;

    private CollectionRegistry open() {
        return new CollectionRegistry(dir, new ExactSearcher(), 2, null, java.time.Duration.ofSeconds(5));
    }

    @Test
    void exactHnswAndBm25CollectionsArePersisted() {
        Random rnd = new Random(5);
        float[][] rows = BruteForce.integerVectors(rnd, 200, 12);
        String[] ids = BruteForce.shuffledIds(rnd, 200);
        List<PointPayload> payloads = new ArrayList<>();
        for (String id : ids) {
            payloads.add(new PointPayload(id, "en", "f-" + id));
        }
        float[] q = rows[17];
        List<Hit> exactBefore;
        List<Hit> hnswBefore;
        try (CollectionRegistry reg = open()) {
            CollectionOperations ops = new CollectionOperations(reg, 1000);
            reg.create(new CollectionSpec("exact", 12, Metric.DOT, StoreKind.EXACT, 0, 0));
            reg.create(new CollectionSpec("hnsw", 12, Metric.DOT, StoreKind.HNSW, 0, 0));
            reg.create(new CollectionSpec("lex", 0, Metric.DOT, StoreKind.BM25, 0, 0));
            for (int from = 0; from < 200; from += 50) { // several segments
                Points batch = new Points(List.of(rows).subList(from, from + 50), payloads.subList(from, from + 50));
                ops.upsert("exact", batch);
                ops.upsert("hnsw", batch);
            }
            ops.indexTexts("lex", List.of(new PointPayload("t1", "en", "f")), List.of("The quick brown foxes"));
            exactBefore = ops.search("exact", List.of(q), 20, PayloadFilter.NONE, 0).get(0);
            hnswBefore = ops.search("hnsw", List.of(q), 20, PayloadFilter.NONE, 200).get(0);
        }
        try (CollectionRegistry reg = open()) {
            CollectionOperations ops = new CollectionOperations(reg, 1000);
            assertThat(reg.list()).extracting(CollectionSpec::name).containsExactly("exact", "hnsw", "lex");
            assertThat(reg.get("exact").vectorCount()).isEqualTo(200);
            assertThat(reg.get("hnsw").vectorCount()).isEqualTo(200);
            assertThat(ops.search("exact", List.of(q), 20, PayloadFilter.NONE, 0).get(0)).isEqualTo(exactBefore);
            assertThat(ops.search("hnsw", List.of(q), 20, PayloadFilter.NONE, 200).get(0)).isEqualTo(hnswBefore);
            assertThat(ops.searchText("lex", "fox", "en", 5, PayloadFilter.NONE, io.clirbench.lexical.LexicalChain.STEM)).extracting(Hit::docId).containsExactly("t1");
            assertThat(reg.drop("exact")).isTrue();
            assertThat(dir.resolve("exact")).doesNotExist();
        }
    }

    @Test
    void manySmallUpsertsAreCompactedAndStillReplayCorrectly() throws Exception {
        try (CollectionRegistry reg = open()) {
            CollectionOperations ops = new CollectionOperations(reg, 1000);
            reg.create(new CollectionSpec("c", 2, Metric.DOT, StoreKind.EXACT, 0, 0));
            for (int i = 0; i < 40; i++) {
                ops.upsert("c", new Points(List.of(new float[] {i, 1}), List.of(new PointPayload("d" + (i % 25), "en", ""))));
            }
        }
        try (var files = Files.list(dir.resolve("c").resolve("exact"))) {
            assertThat(files.count()).isLessThanOrEqualTo(17);
        }
        try (CollectionRegistry reg = open()) {
            CollectionOperations ops = new CollectionOperations(reg, 1000);
            assertThat(reg.get("c").vectorCount()).isEqualTo(25);
            // d14 was last written with i = 39: the newest vector wins
            assertThat(ops.search("c", List.of(new float[] {1, 0}), 1, PayloadFilter.NONE, 0).get(0).get(0))
                    .isEqualTo(new Hit("d14", 39f, "en", ""));
        }
    }

    @Test
    void requestsAreValidatedBeforeAnythingIsStored() {
        try (CollectionRegistry reg = open()) {
            CollectionOperations ops = new CollectionOperations(reg, 1000);
            reg.create(new CollectionSpec("c", 3, Metric.COSINE, StoreKind.EXACT, 0, 0));
            Points mixed = new Points(List.of(new float[] {1, 0, 0}, new float[] {1, 0}),
                    List.of(new PointPayload("a", "en", ""), new PointPayload("b", "en", "")));
            assertThatThrownBy(() -> ops.upsert("c", mixed)).isInstanceOf(InvalidRequestException.class)
                    .hasMessageContaining("'b' has 2 values, the collection has dimension 3");
            assertThat(reg.get("c").vectorCount()).isZero();
            assertThatThrownBy(() -> ops.search("c", List.of(new float[3]), 1001, PayloadFilter.NONE, 0))
                    .hasMessageContaining("top_n must be in [1, 1000], was 1001");
            assertThatThrownBy(() -> ops.search("nope", List.of(new float[3]), 1, PayloadFilter.NONE, 0))
                    .isInstanceOf(CollectionNotFoundException.class);
            assertThatThrownBy(() -> reg.create(new CollectionSpec("q", 3, Metric.DOT, StoreKind.QDRANT, 0, 0)))
                    .isInstanceOf(UnsupportedByKindException.class);
            assertThatThrownBy(() -> new CollectionSpec("../etc", 3, Metric.DOT, StoreKind.EXACT, 0, 0))
                    .isInstanceOf(InvalidRequestException.class);
        }
    }

    @Test
    void aQdrantCollectionWithoutAConfiguredServerDoesNotStopTheStart() {
        CollectionMeta.write(dir.resolve("remote"), new CollectionSpec("remote", 4, Metric.DOT, StoreKind.QDRANT, 0, 0));
        try (CollectionRegistry reg = open()) {
            CollectionOperations ops = new CollectionOperations(reg, 1000);
            assertThat(reg.list()).extracting(CollectionSpec::name).containsExactly("remote");
            assertThatThrownBy(() -> ops.search("remote", List.of(new float[4]), 1, PayloadFilter.NONE, 0))
                    .isInstanceOf(UnsupportedByKindException.class).hasMessageContaining("set index.qdrant.host");
            assertThat(reg.drop("remote")).isTrue();
        }
    }

    @Test
    void cosineCollectionsNormalise() {
        try (CollectionRegistry reg = open()) {
            CollectionOperations ops = new CollectionOperations(reg, 1000);
            reg.create(new CollectionSpec("cos", 2, Metric.COSINE, StoreKind.EXACT, 0, 0));
            ops.upsert("cos", new Points(List.of(new float[] {3, 4}), List.of(new PointPayload("a", "en", ""))));
            assertThat(ops.search("cos", List.of(new float[] {0, 10}), 1, PayloadFilter.NONE, 0).get(0).get(0).score())
                    .isCloseTo(0.8f, org.assertj.core.data.Offset.offset(1e-6f));
        }
    }
}
