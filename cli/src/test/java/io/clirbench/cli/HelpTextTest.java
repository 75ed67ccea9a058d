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
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * Every {@code --help} of the command tree renders without a picocli warning (a lone {@code %} in a description makes
 * picocli print "[picocli WARN] Could not format ..." to stderr), and every command's summary, the line its parent's
 * command list shows, is a whole sentence (ends with '.', parentheses closed): picocli shows only the first line of a
 * multi-line description there.
 */
class HelpTextTest {

    @Test
    void everyHelpRendersWithoutWarningsAndEverySummaryIsOneSentence() {
        Map<String, CommandLine> commands = CommandTree.all();
        List<String> problems = new ArrayList<>();
        for (Map.Entry<String, CommandLine> command : commands.entrySet()) {
            String name = command.getKey();
            String stderr = renderHelp(command.getValue());
            if (stderr.contains("WARN")) {
                problems.add(name + " --help warns: " + stderr.strip());
            }
            String summary = summary(command.getValue().getCommandSpec().usageMessage());
            if (summary.isEmpty()) {
                problems.add(name + ": no summary");
            } else if (!summary.endsWith(".")) {
                problems.add(name + ": summary does not end with '.': \"" + summary + "\"");
            } else if (summary.chars().filter(c -> c == '(').count() != summary.chars().filter(c -> c == ')').count()) {
                problems.add(name + ": summary stops inside parentheses: \"" + summary + "\""); // "... (e.g."
            }
        }
        assertThat(problems).as("help text problems").isEmpty();
        assertThat(commands).as("the walk reached nested commands").containsKeys("bench", "bench qa import hotpot", "bench agent eval");
    }

    /** What picocli shows in the parent's command list: the first header line, else the first description line. */
    private static String summary(UsageMessageSpec usage) {
        String[] lines = usage.header().length > 0 ? usage.header() : usage.description();
        return lines.length == 0 ? "" : lines[0].strip();
    }

    /** Renders the usage message with System.err captured: picocli's tracer writes its warnings to System.err. */
    private static String renderHelp(CommandLine command) {
        PrintStream stderr = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            String usage = command.getUsageMessage(CommandLine.Help.Ansi.OFF);
            assertThat(usage).as(command.getCommandSpec().qualifiedName() + " --help").isNotBlank();
        } finally {
            System.setErr(stderr);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
