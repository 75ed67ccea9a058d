package io.clirbench.index.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clirbench.index.search.ExactSearcher;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Request limits are enforced before anything is stored. */
class RequestLimitsTest {

    @TempDir
    Path dir;

    private CollectionRegistry open() {
        return new CollectionRegistry(dir, new ExactSearcher(), 1, null, java.time.Duration.ofSeconds(5));
    }

    private static Points one(PointPayload p) {
        return new Points(List.<float[]>of(new float[] {1f, 0f}), List.of(p));
    }

    private long filesUnder(Path p) throws Exception {
        try (Stream<Path> s = Files.walk(p)) {
            return s.filter(Files::isRegularFile).filter(f -> f.getFileName().toString().startsWith("seg-")).count();
        }
    }

    @Test
    void payloadFieldsLongerThan512Utf8BytesAreRejected() throws Exception {
        String ok = "a".repeat(512);
        String asciiTooLong = "a".repeat(513);
        String cjkTooLong = "文".repeat(171); // 171 chars, 513 UTF-8 bytes
        try (CollectionRegistry reg = open()) {
            CollectionOperations ops = new CollectionOperations(reg, 1000);
            reg.create(new CollectionSpec("c", 2, Metric.DOT, StoreKind.EXACT, 0, 0));
            assertThat(ops.upsert("c", one(new PointPayload(ok, "en", ok)))).isEqualTo(1);

            assertThatThrownBy(() -> ops.upsert("c", one(new PointPayload(asciiTooLong, "en", "f"))))
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessageContaining("doc_id").hasMessageContaining("513").hasMessageContaining("512")
                    .hasMessageContaining("'" + "a".repeat(64) + "…'");
            assertThatThrownBy(() -> ops.upsert("c", one(new PointPayload("d2", cjkTooLong, "f"))))
                    .isInstanceOf(InvalidRequestException.class)
                    .hasMessageContaining("payload lang of doc_id 'd2'").hasMessageContaining("512");
            assertThatThrownBy(() -> ops.upsert("c", one(new PointPayload("d3", "en", asciiTooLong))))
                    .isInstanceOf(InvalidRequestException.class).hasMessageContaining("payload family of doc_id 'd3'");
            assertThatThrownBy(() -> ops.indexTexts("c", List.of(new PointPayload("t1", "en", cjkTooLong)),
                    List.of("some text"))).isInstanceOf(InvalidRequestException.class)
                    .hasMessageContaining("payload family of doc_id 't1'");

            assertThat(reg.get("c").vectorCount()).isEqualTo(1);
            assertThat(reg.get("c").textCount()).isZero();
            assertThat(filesUnder(dir.resolve("c"))).isEqualTo(1); // only the accepted upsert's segment
        }
    }

    @Test
    void hnswCollectionsAboveLucenesDimensionLimitAreRefusedAtCreate() {
        try (CollectionRegistry reg = open()) {
            assertThatThrownBy(() -> reg.create(new CollectionSpec("h", 1025, Metric.DOT, StoreKind.HNSW, 0, 0)))
                    .isInstanceOf(InvalidRequestException.class).hasMessageContaining("1024").hasMessageContaining("1025");
            assertThat(dir.resolve("h")).doesNotExist();
            assertThatThrownBy(() -> reg.get("h")).isInstanceOf(CollectionNotFoundException.class);
            assertThat(reg.create(new CollectionSpec("h", 1024, Metric.DOT, StoreKind.HNSW, 0, 0)).spec().dimension())
                    .isEqualTo(1024);
            assertThat(reg.create(new CollectionSpec("e", 1025, Metric.DOT, StoreKind.EXACT, 0, 0)).spec().dimension())
                    .isEqualTo(1025);
        }
    }

    @Test
    void aSearchCallTakesAtMost1024Queries() {
        try (CollectionRegistry reg = open()) {
            CollectionOperations ops = new CollectionOperations(reg, 1000);
            reg.create(new CollectionSpec("c", 2, Metric.DOT, StoreKind.EXACT, 0, 0));
            ops.upsert("c", one(new PointPayload("d1", "en", "f")));
            List<float[]> many = java.util.Collections.nCopies(1025, new float[] {1f, 0f});
            assertThatThrownBy(() -> ops.search("c", many, 1, PayloadFilter.NONE, 0))
                    .isInstanceOf(InvalidRequestException.class).hasMessageContaining("1024").hasMessageContaining("1025");
            assertThat(ops.search("c", many.subList(0, 1024), 1, PayloadFilter.NONE, 0)).hasSize(1024);
        }
    }
}
