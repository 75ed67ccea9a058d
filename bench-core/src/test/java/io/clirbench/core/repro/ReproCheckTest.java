package io.clirbench.core.repro;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReproCheckTest {

    // a metrics.csv as MetricRows writes it: §1 rows, then from 'queries' on the §2 rows, then a slice row
    private static final String METRICS = """
            run,slice_key,slice_value,metric,value,queries\r
            bm25,,,R@10,0.25,4\r
            bm25,,,nDCG@10,0.5,4\r
            bm25,,,queries,4.0,4\r
            bm25,,,R@10,0.75,4\r
            bm25,,,k80_cross,,4\r
            bm25,,,R@10_ci_method,BCa,4\r
            bm25,lang,en,R@10,0.1,2\r
            """;

    @Test
    void namesInBothSectionsAreToldApartAndSectionZeroPrefersTheLanguageOne() {
        MetricTable table = MetricTable.parse(METRICS);
        assertThat(table.value("bm25", 1, "R@10")).isEqualTo(0.25);
        assertThat(table.value("bm25", 2, "R@10")).isEqualTo(0.75);
        assertThat(table.value("bm25", 0, "R@10")).isEqualTo(0.75);
        assertThat(table.value("bm25", 0, "nDCG@10")).isEqualTo(0.5);
        assertThat(table.value("bm25", 0, "k80_cross")).isNull(); // censored: empty cell
        assertThat(table.value("bm25", 0, "R@10_ci_method")).isNull(); // text, not a number
    }

    @Test
    void okWithinTheToleranceFailOutsideOrMissing() {
        List<ReproCheck.Outcome> outcomes = ReproCheck.check(List.of(
                new Expectation("bm25", "R@10", 2, 0.70, 0.06, "hand"),
                new Expectation("bm25", "R@10", 1, 0.30, 0.04, "hand"),
                new Expectation("bm25", "MAP", 0, 0.1, 1, "hand")), MetricTable.parse(METRICS));
        assertThat(outcomes).extracting(ReproCheck.Outcome::ok).containsExactly(true, false, false);
        assertThat(outcomes.get(1).line()).startsWith("FAIL").contains("0.2500", "expected 0.3000 ± 0.0400");
        assertThat(outcomes.get(2).line()).contains("missing");
    }

    @Test
    void badFilesNameTheField(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bad.yaml");
        Files.writeString(file, "name: x\ndataset: d\nruns: [r.trec]\nexpected:\n  - {run: r, metric: R@10, value: 0.1, source: s}\n");
        assertThatThrownBy(() -> ReproSpecReader.read(file)).isInstanceOf(ReproFormatException.class)
                .hasMessage(file + ": expected[0]: missing field 'tolerance'");
        Files.writeString(file, "name: x\ndataset: d\nexpected:\n  - {run: r, metric: R@10, value: 0.1, tolerance: 0, source: s}\n");
        assertThatThrownBy(() -> ReproSpecReader.read(file)).hasMessageContaining("give either 'runs'");
        Files.writeString(file, "name: x\ndataset: d\nruns: [r]\ndepht: 10\nexpected: []\n");
        assertThatThrownBy(() -> ReproSpecReader.read(file)).hasMessageContaining("unknown field 'depht'");
    }

    @Test
    void theShippedFilesParse() {
        ReproSpec random = ReproSpecReader.read(Path.of("../repro/xquad-clir-random.yaml"));
        assertThat(random.runs()).containsExactly(Path.of("../runs/xquad-clir/random-seed42.trec.gz").toAbsolutePath().normalize());
        assertThat(random.expected()).hasSizeGreaterThanOrEqualTo(5);
    }
}
