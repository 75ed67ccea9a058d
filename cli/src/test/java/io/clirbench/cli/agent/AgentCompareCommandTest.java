package io.clirbench.cli.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.cli.BenchRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench agent compare} on bench-core's documented-layout fixture (its three runs, one per configuration): the
 * table worked by hand in bench-core's ConfigurationComparisonTest, printed and written; bad input gives one clear line.
 */
class AgentCompareCommandTest {

    static final Path ROOT = Path.of(System.getProperty("project.root", ".."));
    static final Path FIXTURES = ROOT.resolve("bench-core/src/test/resources/agentic");
    static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private static String run(String config) {
        return FIXTURES.resolve("agentic-runs").resolve(config).toString();
    }

    @Test
    void eachConfigurationAgainstOriginalPerEvidenceLanguage() throws IOException {
        Path out = dir.resolve("compare");
        BenchRun r = BenchRun.of("agent", "compare", "--task", FIXTURES.resolve("architecture-layout").toString(),
                "--run", run("original"), "--run", run("cross-lingual"), "--run", run("multilingual"), "--bootstrap", "0",
                "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("Across configurations", "Δ accuracy", "Δ recall", "recall original");
        JsonNode report = JSON.readTree(out.resolve("report.json").toFile());
        assertThat(out.resolve("report.md")).isRegularFile();
        assertThat(out.resolve("report.html")).isRegularFile();
        // hand table (ConfigurationComparisonTest): configuration/language → N, Δ accuracy, Δ recall
        Map<String, double[]> expected = Map.of("cross-lingual/ar", new double[] {2, -1.0, -0.5},
                "cross-lingual/de", new double[] {2, 0.0, -0.5}, "cross-lingual/all", new double[] {4, -0.5, -0.5},
                "multilingual/ar", new double[] {2, -0.5, -0.5}, "multilingual/de", new double[] {1, -1.0, 0.0},
                "multilingual/mixed", new double[] {1, 0.0, -0.5}, "multilingual/all", new double[] {4, -0.5, -0.375});
        Map<String, double[]> found = new HashMap<>();
        for (JsonNode row : report.get("rows")) {
            if (!row.get("accuracyDifference").isNull()) {
                found.put(row.get("configuration").asText() + "/" + row.get("language").asText(), new double[] {
                        row.get("queries").asInt(), row.get("accuracyDifference").get("difference").asDouble(),
                        row.get("recallDifference").get("difference").asDouble()});
            }
        }
        assertThat(found).containsOnlyKeys(expected.keySet());
        expected.forEach((k, v) -> assertThat(found.get(k)).as(k).containsExactly(v, within(1e-12)));
    }

    @Test
    void badInputGivesOneClearLine() {
        BenchRun noOriginal = BenchRun.of("agent", "compare", "--task", FIXTURES.resolve("architecture-layout").toString(),
                "--run", run("cross-lingual"), "--run", run("multilingual"));
        assertThat(noOriginal.code()).isEqualTo(1);
        assertThat(noOriginal.err()).contains("no run under configuration 'original'");
        BenchRun counts = BenchRun.of("agent", "compare", "--task", FIXTURES.resolve("architecture-layout").toString(),
                "--run", run("original"), "--run", run("cross-lingual"), "--config", "original");
        assertThat(counts.code()).isEqualTo(1);
        assertThat(counts.err()).contains("--config given 1 times for 2 --run");
        BenchRun xbcp = BenchRun.of("agent", "eval", "--evidence", "x", "--ground-truth", "y", "--run", run("original"),
                "--compat", "xbcp");
        assertThat(xbcp.code()).isEqualTo(1);
        assertThat(xbcp.err()).contains("--compat xbcp is XBCP's per-evidence-language table and needs --task");
    }
}
