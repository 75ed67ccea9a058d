package io.clirbench.cli.retrieval;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.cli.BenchCommand;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@link EvalArguments} reads a {@code bench eval} line into exactly the fields picocli sets from it (the expected
 * values are picocli's own parse of the same line), and leaves every other line to picocli.
 */
class EvalArgumentsTest {

    @Test
    void everyFormItTakesGivesPicocliFields() {
        for (String[] args : new String[][] {
                {"eval", "--qrels", "q.txt", "--run", "r1"},
                {"eval", "--qrels=q.txt", "--run=r1", "--run", "dir/r2.gz"},
                {"eval", "--run", "r1", "--dataset", "datasets/xquad-clir"},
                {"eval", "--dataset=d", "--run", "r", "--depth", "100", "--out", "o", "--slice", "lang", "--slice=family",
                        "--measures", "nDCG@10,MAP", "--measures=R@100", "--bootstrap", "0", "--seed", "7", "--strict",
                        "--follow-symlinks", "--format", "mteb,trec-eval", "--format=latex"},
                {"eval", "--qrels", "q", "--run", "r", "--depth=007", "--bootstrap=2000", "--seed=123456789012"},
                {"eval", "--qrels", "with space.qrels", "--run", "a=b.run", "--measures", "P@5, MRR"}}) {
            EvalCommand fast = EvalArguments.parse(args);
            assertThat(fast).as(String.join(" ", args)).isNotNull();
            EvalCommand picocli = picocli(args);
            assertThat(fields(fast)).as(String.join(" ", args)).isEqualTo(fields(picocli));
        }
    }

    @Test
    void everythingElseIsLeftToPicocli() {
        for (String[] args : new String[][] {
                {"eval"},
                {"run", "--qrels", "q", "--run", "r"},
                {"eval", "--run", "r"},                                           // no source: picocli's usage error
                {"eval", "--qrels", "q", "--dataset", "d", "--run", "r"},         // both
                {"eval", "--qrels", "q"},                                         // no run
                {"eval", "--qrels", "q", "--run"},                                // a value missing
                {"eval", "--qrels", "q", "--run", "r", "--depth", "0"},           // out of range: picocli's message
                {"eval", "--qrels", "q", "--run", "r", "--depth", "-5"},
                {"eval", "--qrels", "q", "--run", "r", "--depth", "+5"},
                {"eval", "--qrels", "q", "--run", "r", "--depth", "1e3"},
                {"eval", "--qrels", "q", "--run", "r", "--bootstrap", "100001"},
                {"eval", "--qrels", "q", "--run", "r", "--seed", "-1"},
                {"eval", "--qrels", "q", "--run", "r", "--depth", "10", "--depth", "20"},
                {"eval", "--qrels", "q", "--qrels", "q2", "--run", "r"},
                {"eval", "--qrels", "q", "--run", "r", "--strict", "--strict"},
                {"eval", "--qrels", "q", "--run", "r", "--follow-symlinks", "--follow-symlinks"},
                {"eval", "--qrels", "q", "--run", "r", "--no-such-option"},
                {"eval", "--qrels", "q", "--run", "r", "extra"},
                {"eval", "--qrels", "q", "--run", "@runs.txt"},                   // an @-file: picocli expands it
                {"eval", "--qrels", "q", "--run", "r", "--measures", "MAP,"},
                {"eval", "--qrels", "q", "--run", "r", "--out", "o", "--format", "mteb,"},
                {"eval", "--qrels", "q", "--run", "r", "--out", "o", "--format", "csv"},    // unknown: the command refuses it
                {"eval", "--qrels", "q", "--run", "r", "--format", "mteb"},                // no --out: the command refuses it
                {"eval", "--qrels", "q", "--run", "r", "--out="},
                {"eval", "--qrels", "q", "--run", "r", "-h"},
                {"eval", "--qrels", "q", "--run", "r", "--help"},
                {"eval", "--qrels", "q", "--run", "--depth"}}) {
            assertThat(EvalArguments.parse(args)).as(String.join(" ", args)).isNull();
        }
    }

    private static EvalCommand picocli(String[] args) {
        CommandLine.ParseResult parsed = BenchCommand.commandLine().parseArgs(args);
        return (EvalCommand) parsed.subcommand().commandSpec().userObject();
    }

    /** Every field picocli sets, as a list of values. */
    private static List<Object> fields(EvalCommand c) {
        return Arrays.asList(c.source.dataset, c.source.qrels, c.runs, c.depth, c.out, c.slices, c.measures, c.strict,
                c.statsOptions.stats(), c.links.follow(), c.formats);
    }
}
