package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every command with statistics options takes them from one mixin: the same names, the defaults of METRICS.md §3
 * (B = 10,000) and seed 42 as the README documents them, and one usage error for a B beyond the README's limit
 * (0..100,000), before any file is read or any service asked.
 */
class StatsOptionsTest {

    /** The commands that evaluate or submit a run (README: eval, qa eval, agent eval, run, qa run, demo). */
    private static final List<String> WITH_STATS = List.of("bench eval", "bench qa eval", "bench agent eval",
            "bench agent compare", "bench run", "bench qa run", "bench demo", "bench build agreement", "bench build qa-judge-compare");

    @Test
    void everyCommandWithTheOptionsHasTheSameNamesAndDefaults() {
        Map<String, String> found = new TreeMap<>();
        for (Map.Entry<String, CommandLine> c : CommandTree.all().entrySet()) {
            OptionSpec bootstrap = c.getValue().getCommandSpec().findOption("--bootstrap");
            if (bootstrap != null) {
                OptionSpec seed = c.getValue().getCommandSpec().findOption("--seed");
                found.put(c.getKey(), bootstrap.defaultValue() + " " + (seed == null ? null : seed.defaultValue()));
            }
        }
        assertThat(found.keySet()).containsExactlyInAnyOrderElementsOf(WITH_STATS);
        assertThat(found.values()).allMatch("10000 42"::equals);
    }

    @Test
    void aBootstrapBeyondTheLimitIsTheSameUsageErrorEverywhere() {
        // no file named here exists: the check comes first
        List<List<String>> commands = List.of(
                List.of("eval", "--qrels", "missing.qrels", "--run", "missing.trec"),
                List.of("qa", "eval", "--dataset", "missing", "--pred", "missing.jsonl"),
                List.of("agent", "eval", "--task", "missing", "--run", "missing"),
                List.of("agent", "compare", "--task", "missing", "--run", "missing"),
                List.of("run", "--dataset", "missing-id", "--gateway", "http://127.0.0.1:1"),
                List.of("qa", "run", "--dataset", "missing-id", "--gateway", "http://127.0.0.1:1"),
                List.of("build", "agreement", "--qac", "missing.csv", "--scores", "missing.csv"),
                List.of("build", "qa-judge-compare", "--baseline", "missing", "--candidate", "missing"));
        for (List<String> command : commands) {
            for (String value : List.of("100001", "-1")) {
                String[] args = java.util.stream.Stream.concat(command.stream(), java.util.stream.Stream.of("--bootstrap", value))
                        .toArray(String[]::new);
                BenchRun run = BenchRun.of(args);
                assertThat(run.code()).as(String.join(" ", args) + "\n" + run.err()).isEqualTo(2);
                assertThat(run.err()).as(String.join(" ", args))
                        .contains("--bootstrap must be in 0..100000, got " + value + " (0 = off)");
            }
        }
    }
}
