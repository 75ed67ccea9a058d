package io.clirbench.cli;

import io.clirbench.cli.agent.AgentCommand;
import io.clirbench.cli.build.BuildCommand;
import io.clirbench.cli.demo.DemoCommand;
import io.clirbench.cli.dict.DictCommand;
import io.clirbench.cli.qa.QaCommand;
import io.clirbench.cli.retrieval.AlignCommand;
import io.clirbench.cli.retrieval.CollectionCommand;
import io.clirbench.cli.retrieval.DatasetCommand;
import io.clirbench.cli.retrieval.EvalCommand;
import io.clirbench.cli.retrieval.ImportCommand;
import io.clirbench.cli.retrieval.DistilCommand;
import io.clirbench.cli.retrieval.ModelCommand;
import io.clirbench.cli.retrieval.RandomRunCommand;
import io.clirbench.cli.retrieval.ReportCommand;
import io.clirbench.cli.retrieval.ReproCommand;
import io.clirbench.cli.retrieval.RunCommand;
import io.clirbench.cli.stack.DownCommand;
import io.clirbench.cli.stack.RestartCommand;
import io.clirbench.cli.stack.UpCommand;
import io.clirbench.core.Version;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code bench} command. */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = BenchCommand.VersionProvider.class,
        description = "clirbench: benchmarks retrieval across languages.")
public class BenchCommand {

    /** The subcommands, in the order of {@code bench --help}. */
    private static final List<Class<?>> SUBCOMMANDS = List.of(EvalCommand.class, RandomRunCommand.class,
            ImportCommand.class, UpCommand.class, DownCommand.class, RestartCommand.class, RunCommand.class, ReportCommand.class,
            DemoCommand.class, ReproCommand.class, QaCommand.class, AgentCommand.class, BuildCommand.class, DictCommand.class,
            AlignCommand.class, ModelCommand.class, DistilCommand.class, DatasetCommand.class, CollectionCommand.class, CommandLine.HelpCommand.class);

    public static void main(String[] args) {
        System.exit(commandLine(only(args)).execute(args));
    }

    // `bench eval` and `bench qa eval` (the evaluations, where start-up is much of a small input's time) build only their
    // own branch of the command tree
    private static Class<?> only(String[] args) {
        if (args.length > 0 && args[0].equals("eval")) {
            return EvalCommand.class;
        }
        return args.length > 1 && args[0].equals("qa") && args[1].equals("eval") ? QaCommand.class : null;
    }

    /** The configured command line with every subcommand: input errors print one clear line (no stack trace) and exit 1. */
    public static CommandLine commandLine() {
        return commandLine(null);
    }

    /**
     * The command line with only {@code only} as its subcommand (all of them when null). {@code bench eval} builds
     * just its own model: picocli reads every command's annotations up front, about a third of a second of a
     * short evaluation's start-up (benchmarks/README.md, "Start-up of the command"). Parsing, help and errors of
     * that subcommand are the same.
     */
    static CommandLine commandLine(Class<?> only) {
        CommandLine commandLine = new CommandLine(new BenchCommand());
        for (Class<?> subcommand : SUBCOMMANDS) {
            if (only == null || subcommand == only) {
                commandLine.addSubcommand(subcommand);
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

    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"bench " + Version.current()};
        }
    }
}
