package io.clirbench.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code bench} command. */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = BenchCommand.VersionProvider.class,
        description = "clirbench: benchmarks retrieval across languages.")
public class BenchCommand {

    public static void main(String[] args) {
        System.exit(new CommandLine(new BenchCommand()).execute(args));
    }

    static final class VersionProvider implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"bench " + io.clirbench.core.Version.current()};
        }
    }
}
