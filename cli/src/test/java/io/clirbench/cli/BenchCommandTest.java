package io.clirbench.cli;

import io.clirbench.cli.retrieval.EvalCommand;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code bench NAME} builds only its own subcommand (start-up): its help and errors are those of the full command line. */
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

    @Test
    void eachSubcommandIsBuiltAloneUnderItsAnnotatedName() {
        // the lookup table's names are the @Command names, in the order of bench --help
        assertThat(BenchCommand.commandLine().getSubcommands().keySet()).containsExactlyElementsOf(BenchCommand.subcommandNames());
        for (String name : BenchCommand.subcommandNames()) {
            Class<?> only = BenchCommand.only(new String[] {name, "--help"});
            if (name.equals("help")) {
                assertThat(only).isNull();
            } else {
                assertThat(BenchCommand.commandLine(only).getSubcommands()).as(name).containsOnlyKeys(name);
            }
        }
        assertThat(BenchCommand.only(new String[] {"--help"})).isNull();
        assertThat(BenchCommand.only(new String[] {"evl", "--qrels", "q"})).isNull(); // picocli suggests from every name
        for (String[] args : new String[][] {{"qa", "eval", "--no-such-option"}, {"run", "--help"}, {"up", "--no-such-option"}}) {
            assertThat(run(BenchCommand.commandLine(BenchCommand.only(args)), args)).as(String.join(" ", args))
                    .containsExactly(run(BenchCommand.commandLine(), args));
        }
    }

    @Test
    void theVersionIsPrintedWithoutACommandModelAsPicocliPrintsIt() {
        String[] picocli = run(BenchCommand.commandLine(), "--version");
        // BenchMain prints BenchMain.versionLine() with println
        assertThat(picocli[0]).isEqualTo(BenchMain.versionLine() + System.lineSeparator()).startsWith("bench ");
        assertThat(picocli[1] + picocli[2]).isEqualTo("0");
    }

    /** stdout, stderr and the exit code. */
    static String[] run(CommandLine commandLine, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        commandLine.setOut(new PrintWriter(out));
        commandLine.setErr(new PrintWriter(err));
        int code = commandLine.execute(args);
        return new String[] {out.toString(), err.toString(), Integer.toString(code)};
    }
}
