package io.clirbench.cli;

import io.clirbench.cli.retrieval.EvalCommand;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code bench eval} builds only its own subcommand (start-up): its help and errors are those of the full command line. */
class BenchCommandTest {

    @Test
    void theEvalOnlyCommandLineHelpsAndRefusesAsTheFullOne() {
        for (String[] args : new String[][] {
                {"eval", "--help"},
                {"eval", "--qrels", "q", "--run", "r", "--no-such-option"},
                {"eval", "--run", "r"},
                {"eval", "--qrels", "q", "--dataset", "d", "--run", "r"},
                {"eval", "--qrels", "q", "--run", "r", "--depth", "0"}}) {
            String[] full = run(BenchCommand.commandLine(), args);
            String[] evalOnly = run(BenchCommand.commandLine(EvalCommand.class), args);
            assertThat(evalOnly).as(String.join(" ", args)).containsExactly(full);
            assertThat(full[0] + full[1]).as(String.join(" ", args)).contains("bench eval");
        }
        assertThat(BenchCommand.commandLine(EvalCommand.class).getSubcommands()).containsOnlyKeys("eval");
        assertThat(BenchCommand.commandLine().getSubcommands()).containsKeys("eval", "up", "qa", "agent", "help");
    }

    /** stdout, stderr and the exit code. */
    private static String[] run(CommandLine commandLine, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        int code = commandLine.execute(args);
        return new String[] {out.toString(), err.toString(), Integer.toString(code)};
    }
}
