package io.clirbench.index.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.clirbench.index.search.ExactSearcher;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SPARSE and MULTIVECTOR collections of kind EXACT, with the points the tiny token model of the embedder-service gives
 * (embedder-service {@code src/test/token-models}: ids open 4, file 6, datei 8, network 9, netzwerk 11). Scores by hand:
 * <pre>
 * sparse  f1_en {4: .25, 6: 1, 8: .5}   f1_de {6: .5, 8: 1}   f2_en {4: .25, 9: 1, 11: .5}   f2_de {9: .5, 11: 1}
 *   q1 {6: .5, 8: 1}:           f1_de .25 + 1 = 1.25; f1_en .5 + .5 = 1.0; f2_* share nothing (not returned)
 *   q2 {4: .25, 9: 1, 11: .5}:  f2_en .0625 + 1 + .25 = 1.3125; f2_de .5 + .5 = 1.0; f1_en .0625
 * multivector (rows: [CLS] (0,0), the tokens, [SEP] (0,0))
 *   f1_en (1,0) (.6,.8) (0,1)   f1_de (.6,.8) (.28,.96)   f2_en (1,0) (.6,.8) (.8,.6)   f2_de (.6,.8) (.96,.28)
 *   q1 rows (0,0) (.28,.96) (0,0): MaxSim = max over the document's rows of datei . row
 *     f1_de 1.0; f1_en max(.28, .936, .96) = .96; f2_en max(.28, .936, .8) = .936; f2_de max(.936, .5376) = .936
 *     (tie: doc id ascending, f2_de before f2_en)
 *   q2 rows (0,0) (1,0) (.8,.6) (0,0): open row + network row
 *     f2_en 1 + 1 = 2.0; f1_en 1 + .96 = 1.96; f2_de .96 + .96 = 1.92; f1_de .6 + .96 = 1.56
 *   candidate stage for q2: mean query row (.45, .15); mean document rows f1_en (.32, .36) dot .198,
 *     f1_de (.22, .44) .165, f2_en (.48, .28) .258, f2_de (.39, .27) .216: 2 candidates are f2_en, f2_de
 * </pre>
 */
class SparseAndMultiVectorStoreTest {

    private static final List<PointPayload> DOCS = List.of(new PointPayload("f1_en", "en", "f1"),
            new PointPayload("f1_de", "de", "f1"), new PointPayload("f2_en", "en", "f2"), new PointPayload("f2_de", "de", "f2"));

    @TempDir
    Path dir;

    private CollectionRegistry open() {
        return new CollectionRegistry(dir, new ExactSearcher(), 2, null, java.time.Duration.ofSeconds(5));
    }

    private static SparseVector sparse(int[] ids, float[] weights) {
        return SparseVector.of(ids, weights, "test");
    }

    static final List<SparseVector> SPARSE_DOCS = List.of(
            sparse(new int[] {8, 4, 6}, new float[] {.5f, .25f, 1f}), // order free: sorted on the way in
            sparse(new int[] {6, 8}, new float[] {.5f, 1f}),
            sparse(new int[] {4, 9, 11}, new float[] {.25f, 1f, .5f}),
            sparse(new int[] {9, 11}, new float[] {.5f, 1f}));
    static final List<float[]> MATRICES = List.of(
            new float[] {0, 0, 1, 0, .6f, .8f, 0, 1, 0, 0},
            new float[] {0, 0, .6f, .8f, .28f, .96f, 0, 0},
            new float[] {0, 0, 1, 0, .6f, .8f, .8f, .6f, 0, 0},
            new float[] {0, 0, .6f, .8f, .96f, .28f, 0, 0});
    static final float[] Q1 = {0, 0, .28f, .96f, 0, 0};
    static final float[] Q2 = {0, 0, 1, 0, .8f, .6f, 0, 0};

    @Test
    void sparseSearchIsTheDotProductOverTheInvertedIndexAndSurvivesARestart() {
        SparseVector q1 = sparse(new int[] {6, 8}, new float[] {.5f, 1f});
        SparseVector q2 = sparse(new int[] {4, 9, 11}, new float[] {.25f, 1f, .5f});
        try (CollectionRegistry reg = open()) {
            CollectionOperations ops = new CollectionOperations(reg, 1000);
            reg.create(new CollectionSpec("s", 0, Metric.DOT, StoreKind.EXACT, 0, 0, "", Representation.SPARSE));
            assertThat(ops.upsert("s", RepresentedPoints.sparse(SPARSE_DOCS, DOCS))).isEqualTo(4);
            List<List<Hit>> hits = ops.searchSparse("s", List.of(q1, q2), 10, PayloadFilter.NONE);
            assertHits(hits.get(0), List.of("f1_de", "f1_en"), 1.25, 1.0);
            assertHits(hits.get(1), List.of("f2_en", "f2_de", "f1_en"), 1.3125, 1.0, 0.0625);
            assertHits(ops.searchSparse("s", List.of(q2), 2, new PayloadFilter(Set.of("de"), Set.of())).get(0), List.of("f2_de"), 1.0);
            // a dense request on a sparse collection changes nothing
            assertThatThrownBy(() -> ops.upsert("s", new Points(List.of(new float[] {1}), List.of(DOCS.get(0)))))
                    .isInstanceOf(UnsupportedByKindException.class).hasMessageContaining("holds sparse points");
        }
        try (CollectionRegistry reg = open()) {
            CollectionOperations ops = new CollectionOperations(reg, 1000);
            assertThat(reg.get("s").spec().representation()).isEqualTo(Representation.SPARSE);
            assertThat(reg.get("s").vectorCount()).isEqualTo(4);
            assertHits(ops.searchSparse("s", List.of(q1), 10, PayloadFilter.NONE).get(0), List.of("f1_de", "f1_en"), 1.25, 1.0);
            // replacing f1_de by {6: 2}: q1 now scores it .5 * 2 = 1.0, tied with f1_en (doc id ascending)
            ops.upsert("s", RepresentedPoints.sparse(List.of(sparse(new int[] {6}, new float[] {2f})), List.of(DOCS.get(1))));
            assertThat(reg.get("s").vectorCount()).isEqualTo(4);
            assertHits(ops.searchSparse("s", List.of(q1), 10, PayloadFilter.NONE).get(0), List.of("f1_de", "f1_en"), 1.0, 1.0);
        }
    }

    @Test
    void maxSimRanksByTheSumOfTheBestRowMatchesAndTheCandidateStageCutsAsDocumented() {
        try (CollectionRegistry reg = open()) {
            CollectionOperations ops = new CollectionOperations(reg, 1000);
            reg.create(new CollectionSpec("m", 2, Metric.DOT, StoreKind.EXACT, 0, 0, "", Representation.MULTIVECTOR));
            assertThat(ops.upsert("m", RepresentedPoints.multivector(MATRICES, DOCS))).isEqualTo(4);
            List<List<Hit>> hits = ops.searchMultiVector("m", List.of(Q1, Q2), 10, PayloadFilter.NONE, 0);
            assertHits(hits.get(0), List.of("f1_de", "f1_en", "f2_de", "f2_en"), 1.0, 0.96, 0.936, 0.936);
            assertHits(hits.get(1), List.of("f2_en", "f1_en", "f2_de", "f1_de"), 2.0, 1.96, 1.92, 1.56);
            // candidates >= the collection's size: brute force, the same lists
            assertThat(ops.searchMultiVector("m", List.of(Q1, Q2), 10, PayloadFilter.NONE, 4)).isEqualTo(hits);
            // 2 candidates by the mean rows: f2_en and f2_de; f1_en (MaxSim 1.96) is not among them
            assertHits(ops.searchMultiVector("m", List.of(Q2), 10, PayloadFilter.NONE, 2).get(0), List.of("f2_en", "f2_de"), 2.0, 1.92);
            assertHits(ops.searchMultiVector("m", List.of(Q2), 1, PayloadFilter.NONE, 1).get(0), List.of("f2_en"), 2.0);
            assertThatThrownBy(() -> ops.searchMultiVector("m", List.of(new float[] {1, 0, 1}), 10, PayloadFilter.NONE, 0))
                    .isInstanceOf(InvalidRequestException.class).hasMessageContaining("query 0 has 3 values");
        }
        try (CollectionRegistry reg = open()) {
            CollectionOperations ops = new CollectionOperations(reg, 1000);
            assertHits(ops.searchMultiVector("m", List.of(Q2), 10, PayloadFilter.NONE, 0).get(0),
                    List.of("f2_en", "f1_en", "f2_de", "f1_de"), 2.0, 1.96, 1.92, 1.56);
        }
    }

    @Test
    void aSpecOfAnotherRepresentationNamesWhatIsWrong() {
        assertThatThrownBy(() -> new CollectionSpec("x", 0, Metric.DOT, StoreKind.HNSW, 0, 0, "", Representation.SPARSE))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("sparse points are stored by kind EXACT");
        assertThatThrownBy(() -> new CollectionSpec("x", 5, Metric.DOT, StoreKind.EXACT, 0, 0, "", Representation.SPARSE))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("dimension must be 0, was 5");
        assertThatThrownBy(() -> SparseVector.of(new int[] {3, 3}, new float[] {1, 2}, "point 'a'"))
                .isInstanceOf(InvalidRequestException.class).hasMessage("point 'a' repeats index 3");
    }

    private static void assertHits(List<Hit> hits, List<String> ids, double... scores) {
        assertThat(hits).extracting(Hit::docId).containsExactlyElementsOf(ids);
        for (int i = 0; i < scores.length; i++) {
            assertThat((double) hits.get(i).score()).as("score of %s", ids.get(i)).isCloseTo(scores[i], within(1e-5));
        }
    }
}
