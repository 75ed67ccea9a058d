package io.clirbench.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine;

/** Every command registered under {@code bench}, at every level, by qualified name ("bench qa import hotpot"). */
final class CommandTree {

    private CommandTree() {
    }

    /**
     * The root and all its subcommands, depth first, picocli's built-in {@code help} left out (it is picocli's, not
     * ours). Aliases would list a command twice under one name: keyed by qualified name, each appears once.
     */
    static Map<String, CommandLine> all() {
        Map<String, CommandLine> commands = new LinkedHashMap<>();
        add(BenchCommand.commandLine(), commands);
        return commands;
    }

    private static void add(CommandLine command, Map<String, CommandLine> commands) {
        if (command.getCommand() instanceof CommandLine.HelpCommand) {
            return;
        }
        commands.putIfAbsent(command.getCommandSpec().qualifiedName(), command);
        command.getSubcommands().values().forEach(sub -> add(sub, commands));
    }
}
