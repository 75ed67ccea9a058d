package io.clirbench.cli;

import io.clirbench.core.Version;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code bench} command. */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = BenchCommand.VersionProvider.class,
        description = "clirbench: benchmarks retrieval across languages.",
        subcommands = {EvalCommand.class, RandomRunCommand.class, ImportCommand.class, UpCommand.class, DownCommand.class, RestartCommand.class,
                RunCommand.class, ReportCommand.class, DemoCommand.class, ReproCommand.class, QaCommand.class,
                AgentCommand.class, DictCommand.class, AlignCommand.class, ModelCommand.class, CommandLine.HelpCommand.class})
public class BenchCommand {

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** The configured command line: input errors print one clear line (no stack trace) and exit 1. */
    static CommandLine commandLine() {
        CommandLine commandLine = new CommandLine(new BenchCommand());
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
