package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code bench eval} with several runs on the shipped dataset prints and writes the §3 statistics. */
class EvalStatisticsCommandTest {

    private static final Path ROOT = Path.of(System.getProperty("project.root", ".."));

    @TempDir
    Path dir;

    @Test
    void twoRunsGetIntervalsGapTestsFriedmanAndAPairwiseMatrix() throws IOException {
        Path second = dir.resolve("random-seed7.trec.gz");
        assertThat(BenchCommand.commandLine().execute("random-run", "--dataset", ROOT.resolve("datasets/xquad-clir").toString(),
                "--out", second.toString(), "--seed", "7", "--depth", "100")).isZero();
        Path out = dir.resolve("out");
        PrintStream stdout = System.out;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
        int code;
        try {
            CommandLine commandLine = BenchCommand.commandLine();
            code = commandLine.execute("eval", "--dataset", ROOT.resolve("datasets/xquad-clir").toString(),
                    "--run", ROOT.resolve("runs/xquad-clir/random-seed42.trec.gz").toString(), "--run", second.toString(),
                    "--bootstrap", "2000", "--out", out.toString());
        } finally {
            System.setOut(stdout);
        }
        String console = printed.toString(StandardCharsets.UTF_8);
        assertThat(code).isZero();
        assertThat(console).contains("Significance (METRICS.md §3)", "Friedman test on per-query R@10", "R@10 row − column");
        assertThat(Files.readString(out.resolve("report.md"))).contains("## Significance", "### Comparing runs", "p (Holm)");

        JsonNode json = new ObjectMapper().readTree(out.resolve("report.json").toFile());
        JsonNode statistics = json.get("statistics");
        assertThat(statistics.get("replicates").asInt()).isEqualTo(2000);
        assertThat(statistics.get("gaps")).hasSize(2);
        assertThat(statistics.get("pairs")).hasSize(1);
        assertThat(statistics.at("/pairs/0/a").asText()).isEqualTo("random-seed42");
        assertThat(statistics.at("/pairs/0/b").asText()).isEqualTo("random-seed7");
        // 1,200 queries in 12 languages (100 each) over 83 paragraphs: the backstop allows a p-value.
        assertThat(statistics.at("/friedman/blocks").asInt()).isEqualTo(1200);
        assertThat(statistics.at("/friedman/p").isNumber()).isTrue();
        // The interval's point is the same balanced mean the language metrics report (two code paths).
        for (int run = 0; run < 2; run++) {
            String name = json.at("/runs/" + run + "/name").asText();
            double balanced = json.at("/runs/" + run + "/language/recall/R@10_cross/balanced").asDouble();
            JsonNode interval = statistics.at("/intervals/" + name + "/R@10_cross");
            assertThat(interval.get("point").asDouble()).isCloseTo(balanced, within(1e-12));
            assertThat(interval.at("/interval/low").asDouble()).isLessThanOrEqualTo(balanced);
            assertThat(interval.at("/interval/high").asDouble()).isGreaterThanOrEqualTo(balanced);
        }
    }
}
