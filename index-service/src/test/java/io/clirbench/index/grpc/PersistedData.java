package io.clirbench.index.grpc;

import io.clirbench.index.search.BruteForce;
import io.clirbench.proto.index.v1.IndexKind;
import io.quarkus.test.junit.QuarkusTestProfile;

import java.util.List;
import java.util.Map;
import java.util.Random;

/** The data the persistence tests write before a restart and expect after it (same seed, same vectors). */
final class PersistedData {

    static final String DATA_DIR = "target/test-index-persist";
    static final int COUNT = 400;
    static final int DIM = 16;
    static final List<IndexKind> VECTOR_KINDS = List.of(IndexKind.INDEX_KIND_EXACT, IndexKind.INDEX_KIND_HNSW,
            IndexKind.INDEX_KIND_QDRANT);
    static final String BM25 = "persist-bm25";

    final float[][] rows;
    final String[] ids;
    final String[] langs;
    final float[][] queries;

    PersistedData() {
        Random rnd = new Random(77);
        rows = BruteForce.integerVectors(rnd, COUNT, DIM);
        ids = BruteForce.shuffledIds(rnd, COUNT);
        langs = new String[COUNT];
        for (int i = 0; i < COUNT; i++) {
            langs[i] = i % 2 == 0 ? "en" : "de";
        }
        queries = BruteForce.integerVectors(rnd, 4, DIM);
    }

    static String name(IndexKind kind) {
        return "persist-" + kind.name().substring("INDEX_KIND_".length()).toLowerCase(java.util.Locale.ROOT);
    }

    // Quarkus's class orderer runs tests grouped by profile, profiles sorted by class name:
    // PersistedData$FillProfile before PersistedData$RestartProfile. Keep the names in that order.

    /** Profile of the first application run. */
    public static final class FillProfile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("index.data-dir", DATA_DIR);
        }
    }

    /** A different profile with the same data directory: Quarkus restarts the application between them. */
    public static final class RestartProfile implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("index.data-dir", DATA_DIR);
        }
    }
}
