package io.clirbench.cli.agent;

import io.clirbench.cli.BenchRun;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench agent convert}: the parity runs to our trace JSONL and back to a run directory; scored in the
 * default mode (which reads the search calls' docids, answers and tool counts, all carried by both formats)
 * the converted run gives the same summary as the original.
 */
class AgentConvertCommandTest {

    static final Path PARITY = Path.of(System.getProperty("shared.data"), "agentic-parity", "bcp-main");

    @TempDir
    Path dir;

    @Test
    void aRunSurvivesTheRoundTripThroughTraceJsonl() throws IOException {
        Path trace = dir.resolve("fixture.jsonl");
        Path back = dir.resolve("fixture-agent");
        assertThat(BenchRun.of("agent", "convert", "--from", PARITY.resolve("runs/fixture-agent").toString(), "--to", trace.toString()).code()).isZero();
        assertThat(Files.readAllLines(trace)).hasSizeGreaterThan(250).allSatisfy(l -> assertThat(l).startsWith("{\"query_id\":"));
        assertThat(BenchRun.of("agent", "convert", "--from", trace.toString(), "--to", back.toString()).code()).isZero();
        String[] common = {"--evidence", PARITY.resolve("qrel_evidence.txt").toString(), "--ground-truth",
                PARITY.resolve("ground_truth.jsonl").toString(), "--judgements", PARITY.resolve("judgements.jsonl").toString(),
                "--bootstrap", "0"};
        BenchRun original = BenchRun.of(concat(common, "--run", PARITY.resolve("runs/fixture-agent").toString()));
        BenchRun fromTrace = BenchRun.of(concat(common, "--run", trace.toString()));
        BenchRun roundTrip = BenchRun.of(concat(common, "--run", back.toString()));
        assertThat(original.code()).as(original.err()).isZero();
        String table = table(original.out());
        assertThat(table(fromTrace.out()).replace("fixture ", "fixture-agent ").replaceAll(" +", " "))
                .isEqualTo(table.replaceAll(" +", " "));
        assertThat(table(roundTrip.out())).isEqualTo(table);
    }

    private static String table(String out) {
        return out.substring(out.indexOf("Runs"), out.indexOf("Per ") > 0 ? out.indexOf("Per ") : out.length());
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = new String[a.length + b.length + 2];
        out[0] = "agent";
        out[1] = "eval";
        System.arraycopy(a, 0, out, 2, a.length);
        System.arraycopy(b, 0, out, 2 + a.length, b.length);
        return out;
    }
}
