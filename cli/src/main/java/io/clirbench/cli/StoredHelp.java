package io.clirbench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;

/**
 * Every command's {@code --help} text, rendered by picocli when bench.jar is built and printed from the jar at run
 * time: {@code bench eval --help} then reads no annotation and builds no command model, which was most of its
 * start-up (picocli's reflection and annotation proxies; benchmarks/README.md, "Start-up of the command"). The build
 * runs {@link #main} (cli pom, {@code process-classes}); {@code StoredHelpTest} checks every stored text against
 * picocli's own rendering. Only the plain form {@code bench NAME... --help} (or {@code -h}) is answered here, in
 * picocli's colours or without them as picocli would decide ({@link CommandLine.Help.Ansi#AUTO}), at its default width
 * of 80 columns; anything else (other options beside the help option, {@code -Dpicocli.usage.width}) goes to picocli.
 */
public final class StoredHelp {

    /** Where the texts are, beside this class in the jar: {@code help/bench-qa-eval.txt} and {@code .ansi.txt}. */
    static final String DIR = "help/";

    private StoredHelp() {
    }

    /** Prints the stored help that {@code args} ask for and returns true, or returns false (picocli answers). */
    static boolean print(String[] args, PrintStream out) {
        int n = args.length;
        if (n == 0 || !(args[n - 1].equals("--help") || args[n - 1].equals("-h"))
                || System.getProperty("picocli.usage.width") != null) {
            return false;
        }
        List<String> path = new ArrayList<>(List.of("bench"));
        for (int i = 0; i < n - 1; i++) {
            if (!isCommandName(args[i])) {
                return false; // an option or an argument: picocli decides what it means
            }
            path.add(args[i]);
        }
        String text = read(fileName(path, CommandLine.Help.Ansi.AUTO.enabled()));
        if (text == null) {
            return false; // not a command: picocli says so, with its suggestions
        }
        out.print(text);
        out.flush();
        return true;
    }

    /** [a-z][a-z0-9-]*, checked by hand: a regular expression would cost more than the rest of this class at start-up. */
    private static boolean isCommandName(String arg) {
        if (arg.isEmpty() || arg.charAt(0) < 'a' || arg.charAt(0) > 'z') {
            return false;
        }
        for (int i = 1; i < arg.length(); i++) {
            char c = arg.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-')) {
                return false;
            }
        }
        return true;
    }

    /** The file of a command's help: {@code bench-qa-eval.txt}, or {@code bench-qa-eval.ansi.txt} in colours. */
    static String fileName(List<String> commandPath, boolean ansi) {
        return String.join("-", commandPath) + (ansi ? ".ansi.txt" : ".txt");
    }

    /** A stored text, or null when there is none. */
    static String read(String fileName) {
        try (InputStream in = StoredHelp.class.getResourceAsStream(DIR + fileName)) {
            return in == null ? null : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the stored help " + fileName, e);
        }
    }

    /** Build step: writes the help of every command of the tree, plain and in colours, into the directory {@code args[0]}. */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        Files.createDirectories(dir);
        int count = write(BenchCommand.commandLine(), List.of("bench"), dir);
        System.out.println("StoredHelp: " + count + " help texts in " + dir);
    }

    private static int write(CommandLine command, List<String> path, Path dir) throws IOException {
        for (boolean ansi : new boolean[] {false, true}) {
            Files.writeString(dir.resolve(fileName(path, ansi)), render(command, ansi), StandardCharsets.UTF_8);
        }
        int count = 2;
        for (var sub : command.getSubcommands().entrySet()) {
            if (!sub.getKey().equals(sub.getValue().getCommandName())) {
                continue; // an alias: the command is written under its name
            }
            List<String> subPath = new ArrayList<>(path);
            subPath.add(sub.getKey());
            count += write(sub.getValue(), subPath, dir);
        }
        return count;
    }

    /** What {@code --help} prints for {@code command}: picocli's usage message at its default width. */
    static String render(CommandLine command, boolean ansi) {
        return command.getUsageMessage(CommandLine.Help.defaultColorScheme(ansi ? CommandLine.Help.Ansi.ON : CommandLine.Help.Ansi.OFF));
    }
}
