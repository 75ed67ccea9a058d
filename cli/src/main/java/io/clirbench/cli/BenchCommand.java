package io.clirbench.cli;

import io.clirbench.cli.agent.AgentCommand;
import io.clirbench.cli.construct.BuildCommand;
import io.clirbench.cli.demo.DemoCommand;
import io.clirbench.cli.dict.DictCommand;
import io.clirbench.cli.qa.QaCommand;
import io.clirbench.cli.retrieval.AlignCommand;
import io.clirbench.cli.retrieval.CollectionCommand;
import io.clirbench.cli.retrieval.DatasetCommand;
import io.clirbench.cli.retrieval.EvalCommand;
import io.clirbench.cli.retrieval.ImportCommand;
import io.clirbench.cli.retrieval.LeaderboardCommand;
import io.clirbench.cli.retrieval.DistilCommand;
import io.clirbench.cli.retrieval.ModelCommand;
import io.clirbench.cli.retrieval.RandomRunCommand;
import io.clirbench.cli.retrieval.ReportCommand;
import io.clirbench.cli.retrieval.ReproCommand;
import io.clirbench.cli.retrieval.RunCommand;
import io.clirbench.cli.stack.DownCommand;
import io.clirbench.cli.stack.RestartCommand;
import io.clirbench.cli.stack.UpCommand;
import java.io.PrintWriter;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code bench} command. */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = BenchCommand.VersionProvider.class,
        description = "clirbench: benchmarks retrieval across languages.")
public class BenchCommand {

    /**
     * The subcommands by name, in the order of {@code bench --help}. The names are those of their {@code @Command}
     * annotations ({@code BenchCommandTest} checks it): a command line for {@code bench NAME ...} is built from the
     * named class alone, without reading any other command's annotations.
     */
    private static final Map<String, Class<?>> SUBCOMMANDS = subcommands(
            "eval", EvalCommand.class, "random-run", RandomRunCommand.class, "import", ImportCommand.class,
            "up", UpCommand.class, "down", DownCommand.class, "restart", RestartCommand.class, "run", RunCommand.class,
            "report", ReportCommand.class, "demo", DemoCommand.class, "repro", ReproCommand.class, "qa", QaCommand.class,
            "agent", AgentCommand.class, "build", BuildCommand.class, "dict", DictCommand.class, "align", AlignCommand.class,
            "model", ModelCommand.class, "distil", DistilCommand.class, "dataset", DatasetCommand.class,
            "collection", CollectionCommand.class, "leaderboard", LeaderboardCommand.class,
            "help", CommandLine.HelpCommand.class);

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs {@code bench ARGS} (a version request too, through picocli); the exit status. */
    static int run(String[] args) {
        return commandLine(only(args)).execute(args);
    }

    /**
     * The one subcommand that {@code args} run ({@code bench eval ...}, {@code bench up ...}), or null where the whole
     * tree is needed: no subcommand, {@code bench --help}, {@code bench help ...}, an unknown name (picocli's
     * suggestions come from every name).
     */
    static Class<?> only(String[] args) {
        if (args.length == 0 || args[0].equals("help")) {
            return null;
        }
        return SUBCOMMANDS.get(args[0]);
    }

    /** The names of the subcommands, in the order of {@code bench --help}. */
    static Set<String> subcommandNames() {
        return SUBCOMMANDS.keySet();
    }

    /** The configured command line with every subcommand: input errors print one clear line (no stack trace) and exit 1. */
    public static CommandLine commandLine() {
        return commandLine(null);
    }

    /**
     * The command line with only {@code only} as its subcommand (all of them when null). picocli reads the annotations
     * of every command and option it is given up front (reflection and annotation proxies, a large part of a short
     * command's start-up: benchmarks/README.md, "Start-up of the command"), so {@code bench eval} builds just its own
     * model. Parsing, help and errors of that subcommand are the same.
     */
    static CommandLine commandLine(Class<?> only) {
        CommandLine commandLine = new CommandLine(new BenchCommand());
        for (Class<?> subcommand : SUBCOMMANDS.values()) {
            if (only == null || subcommand == only) {
                commandLine.addSubcommand(subcommand); // named by its annotation, as always
            }
        }
        commandLine.setExecutionExceptionHandler((e, cmd, parsed) -> {
            PrintWriter err = cmd.getErr();
            err.println(cmd.getCommandSpec().qualifiedName() + ": " + InputErrors.describe(e)); // "bench qa eval: ..."
            err.flush();
            return 1;
        });
        return commandLine;
    }

    private static Map<String, Class<?>> subcommands(Object... namesAndClasses) {
        Map<String, Class<?>> byName = new LinkedHashMap<>();
        for (int i = 0; i < namesAndClasses.length; i += 2) {
            byName.put((String) namesAndClasses[i], (Class<?>) namesAndClasses[i + 1]);
        }
        return Collections.unmodifiableMap(byName);
    }

    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {BenchMain.versionLine()};
        }
    }
}
