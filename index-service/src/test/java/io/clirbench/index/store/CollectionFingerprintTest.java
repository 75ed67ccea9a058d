package io.clirbench.index.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.index.search.ExactSearcher;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fingerprint given at create is stored with each kind's spec and comes back after a restart. */
class CollectionFingerprintTest {

    @TempDir
    Path dir;

    private CollectionRegistry open() {
        return new CollectionRegistry(dir, new ExactSearcher(), 2, null, java.time.Duration.ofSeconds(5));
    }

    @Test
    void fingerprintOfExactHnswAndBm25SurvivesARestart() {
        try (CollectionRegistry reg = open()) {
            reg.create(new CollectionSpec("exact", 4, Metric.DOT, StoreKind.EXACT, 0, 0, "dense;model=m;ids=sha256:aa"));
            reg.create(new CollectionSpec("hnsw", 4, Metric.DOT, StoreKind.HNSW, 0, 0, "dense;model=m;ids=sha256:bb"));
            reg.create(new CollectionSpec("lex", 0, Metric.DOT, StoreKind.BM25, 0, 0, "bm25;ids=sha256:cc"));
            reg.create(new CollectionSpec("plain", 4, Metric.DOT, StoreKind.EXACT, 0, 0));
        }
        try (CollectionRegistry reg = open()) {
            assertThat(reg.get("exact").spec().fingerprint()).isEqualTo("dense;model=m;ids=sha256:aa");
            assertThat(reg.get("hnsw").spec().fingerprint()).isEqualTo("dense;model=m;ids=sha256:bb");
            assertThat(reg.get("lex").spec().fingerprint()).isEqualTo("bm25;ids=sha256:cc");
            assertThat(reg.get("plain").spec().fingerprint()).isEmpty();
        }
    }

    @Test
    void overLongOrNonAsciiFingerprintIsRefused() {
        assertThatThrownBy(() -> new CollectionSpec("x", 4, Metric.DOT, StoreKind.EXACT, 0, 0, "a".repeat(1025)))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("1025");
        assertThatThrownBy(() -> new CollectionSpec("x", 4, Metric.DOT, StoreKind.EXACT, 0, 0, "a\nb"))
                .isInstanceOf(InvalidRequestException.class).hasMessageContaining("fingerprint");
    }
}
