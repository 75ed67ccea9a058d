package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The help texts stored in the jar at build time (cli pom, {@code process-classes}) are what picocli prints for
 * {@code bench NAME... --help} today, for every command of the tree, plain and in colours: the expected text is
 * picocli's own output of that command line, run here.
 */
class StoredHelpTest {

    @Test
    void everyCommandsStoredHelpIsWhatPicocliPrints() {
        List<List<String>> paths = new ArrayList<>();
        collect(BenchCommand.commandLine(), List.of("bench"), paths);
        assertThat(paths).hasSizeGreaterThan(40); // the tree of bench's commands: bench, eval, qa eval, agent ..., dataset ...
        for (boolean ansi : new boolean[] {false, true}) {
            CommandLine picocli = BenchCommand.commandLine(); // one command line answers every --help in turn
            picocli.setColorScheme(CommandLine.Help.defaultColorScheme(ansi ? CommandLine.Help.Ansi.ON : CommandLine.Help.Ansi.OFF));
            for (List<String> path : paths) {
                String[] printed = BenchCommandTest.run(picocli, helpArgs(path));
                assertThat(printed[1]).as(String.join(" ", path)).isEmpty();
                assertThat(printed[2]).isEqualTo("0");
                assertThat(StoredHelp.read(StoredHelp.fileName(path, ansi))).as(String.join(" ", path) + (ansi ? " (colours)" : ""))
                        .isEqualTo(printed[0]);
            }
        }
    }

    @Test
    void thePlainHelpFormIsAnsweredAsPicocliAnswersIt() {
        // this JVM's stdout is no terminal: picocli prints without colours, and so does StoredHelp
        assertThat(CommandLine.Help.Ansi.AUTO.enabled()).isFalse();
        for (String[] args : new String[][] {{"--help"}, {"-h"}, {"eval", "--help"}, {"eval", "-h"}, {"qa", "eval", "--help"},
                {"agent", "--help"}}) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
            assertThat(StoredHelp.print(args, out)).as(String.join(" ", args)).isTrue();
            assertThat(bytes.toString(StandardCharsets.UTF_8)).as(String.join(" ", args))
                    .isEqualTo(BenchCommandTest.run(BenchCommand.commandLine(), args)[0])
                    .startsWith("Usage: bench");
        }
    }

    @Test
    void anythingButThePlainFormIsLeftToPicocli() {
        for (String[] args : new String[][] {{}, {"eval"}, {"eval", "--qrels", "q", "--help"}, {"eval", "--help", "--strict"},
                {"evl", "--help"}, {"../eval", "--help"}, {"Eval", "--help"}, {"eval", "--", "--help"}, {"", "--help"}}) {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            assertThat(StoredHelp.print(args, new PrintStream(bytes, true, StandardCharsets.UTF_8))).as(String.join(" ", args)).isFalse();
            assertThat(bytes.size()).isZero();
        }
        System.setProperty("picocli.usage.width", "120");
        try {
            assertThat(StoredHelp.print(new String[] {"eval", "--help"}, new PrintStream(new ByteArrayOutputStream()))).isFalse();
        } finally {
            System.clearProperty("picocli.usage.width");
        }
    }

    private static void collect(CommandLine command, List<String> path, List<List<String>> paths) {
        paths.add(path);
        for (Map.Entry<String, CommandLine> sub : command.getSubcommands().entrySet()) {
            if (sub.getKey().equals(sub.getValue().getCommandName())) {
                List<String> subPath = new ArrayList<>(path);
                subPath.add(sub.getKey());
                collect(sub.getValue(), subPath, paths);
            }
        }
    }

    private static String[] helpArgs(List<String> path) {
        List<String> args = new ArrayList<>(path.subList(1, path.size()));
        args.add("--help");
        return args.toArray(String[]::new);
    }
}
