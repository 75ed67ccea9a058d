package io.clirbench.cli.language;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.cli.BenchCommand;
import java.io.IOException;
import java.io.InputStream;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Datasets written with plain ISO 639-1 codes keep exactly their numbers under BCP-47 language tags
 * (ARCHITECTURE.md "Language tags"). The expected file, {@code language/xquad-clir-random-report.json}, is the
 * {@code report.json} that {@code bench eval} wrote for the shipped xquad-clir dataset (12 ISO 639-1 languages) and
 * its shipped seeded random run, produced by the code at main (commit 8a543c23) BEFORE language tags were introduced,
 * with the command of {@link #evaluate} (run twice there: byte-identical), then gzipped with the run's {@code file}
 * field (an absolute path of that checkout) left out. Every per-language row, hit rate, route cell, same/cross
 * recall, bootstrap interval and standard measure must be unchanged.
 */
class IsoCodeReportsUnchangedTest {

    private static final Path ROOT = Path.of(System.getProperty("project.root", ".."));
    private static final Path DATASET = ROOT.resolve("datasets/xquad-clir");
    private static final Path RUN = ROOT.resolve("runs/xquad-clir/random-seed42.trec.gz");
    private static final String EXPECTED = "/language/xquad-clir-random-report.json.gz";

    @TempDir
    Path dir;

    @Test
    void theReportOfAnIso6391DatasetIsTheOneWrittenBeforeLanguageTags() throws IOException {
        JsonNode actual = evaluate();
        JsonNode expected;
        try (InputStream in = new GZIPInputStream(IsoCodeReportsUnchangedTest.class.getResourceAsStream(EXPECTED))) {
            expected = new ObjectMapper().readTree(in);
        }
        assertThat(actual.get("runs").get(0).get("language").get("hitRates")).isNotEmpty();
        assertThat(actual).isEqualTo(expected);
    }

    private JsonNode evaluate() throws IOException {
        Path out = dir.resolve("out");
        int code = BenchCommand.commandLine().execute("eval", "--dataset", DATASET.toString(), "--run", RUN.toString(),
                "--out", out.toString(), "--format", "latex");
        assertThat(code).isZero();
        JsonNode report = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        report.get("runs").forEach(run -> ((ObjectNode) run).remove("file"));
        return report;
    }
}
