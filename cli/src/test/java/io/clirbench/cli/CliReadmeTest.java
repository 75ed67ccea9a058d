package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * cli/README.md lists what the module has: its command table names every registered command (and nothing else), its
 * package list every package under cli/src/main/java (and nothing else).
 */
class CliReadmeTest {

    private static final Path ROOT = Path.of(System.getProperty("project.root", ".."));
    private static final Path README = ROOT.resolve("cli/README.md");
    private static final Path SOURCES = ROOT.resolve("cli/src/main/java");
    /** A command word, or alternatives {@code a\|b} (the backslash of a Markdown table cell already removed). */
    private static final Pattern WORD = Pattern.compile("[a-z][a-z0-9-]*(\\|[a-z][a-z0-9-]*)*");
    private static final Pattern CODE = Pattern.compile("`([^`]+)`");
    private static final Pattern PACKAGE = Pattern.compile("(io\\.clirbench\\.)?cli(\\.[a-z][a-z0-9]*)*");

    @Test
    void theCommandTableNamesEveryRegisteredCommandAndNoOther() throws IOException {
        Set<String> registered = new TreeSet<>(CommandTree.all().keySet());
        registered.remove("bench");
        Set<String> listed = listedCommands(Files.readAllLines(README));

        assertThat(listed).as("commands in cli/README.md's table").isNotEmpty();
        Set<String> missing = new TreeSet<>(registered);
        missing.removeAll(listed);
        Set<String> unknown = new TreeSet<>(listed);
        unknown.removeAll(registered);
        assertThat(missing).as("registered commands missing from cli/README.md's table").isEmpty();
        assertThat(unknown).as("commands in cli/README.md's table that are not registered").isEmpty();
    }

    @Test
    void thePackageListNamesEveryPackageOfTheModuleAndNoOther() throws IOException {
        Set<String> packages = new TreeSet<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            files.filter(f -> f.toString().endsWith(".java"))
                    .forEach(f -> packages.add(SOURCES.relativize(f.getParent()).toString().replace('/', '.')));
        }
        assertThat(packages).contains("io.clirbench.cli", "io.clirbench.cli.stack");
        assertThat(listedPackages(Files.readAllLines(README))).as("packages in cli/README.md").isEqualTo(packages);
    }

    /**
     * The first cells of the table under "| command | what |", read as: {@code `bench qa eval` / `audit`} names
     * {@code bench qa eval} and its sibling {@code bench qa audit}; {@code hotpot\|hf} alternatives; the words from the
     * first upper-case word or option on are arguments. A group counts as listed with its subcommands.
     */
    static Set<String> listedCommands(List<String> readme) {
        int header = readme.indexOf("| command | what |");
        assertThat(header).as("cli/README.md has the table \"| command | what |\"").isNotNegative();
        Set<String> listed = new TreeSet<>();
        for (String row : readme.subList(header + 2, readme.size())) {
            if (!row.startsWith("|")) {
                break;
            }
            List<String> previous = List.of();
            Matcher code = CODE.matcher(firstCell(row));
            while (code.find()) {
                List<String> words = commandWords(code.group(1).replace("\\|", "|"));
                List<String> path = new ArrayList<>();
                if (!words.isEmpty() && words.get(0).equals("bench")) {
                    words = words.subList(1, words.size());
                } else {
                    path.addAll(previous.subList(0, Math.max(0, previous.size() - 1))); // a sibling of the previous one
                }
                path.addAll(words);
                addWithGroups(path, "bench", listed);
                previous = path;
            }
        }
        return listed;
    }

    private static String firstCell(String row) {
        for (int i = 1; i < row.length(); i++) {
            if (row.charAt(i) == '|' && row.charAt(i - 1) != '\\') {
                return row.substring(1, i);
            }
        }
        throw new AssertionError("cli/README.md: a table row without cells: " + row);
    }

    private static List<String> commandWords(String code) {
        List<String> words = new ArrayList<>();
        for (String word : code.trim().split("\\s+")) {
            if (!WORD.matcher(word).matches()) {
                break;
            }
            words.add(word);
        }
        return words;
    }

    /** {@code prefix} plus each alternative of the path's words, and every group on the way. */
    private static void addWithGroups(List<String> path, String prefix, Set<String> listed) {
        if (path.isEmpty()) {
            return;
        }
        for (String alternative : path.get(0).split("\\|")) {
            String name = prefix + " " + alternative;
            listed.add(name);
            addWithGroups(path.subList(1, path.size()), name, listed);
        }
    }

    /** The {@code io.clirbench.cli...} or short {@code cli...} names in backticks of the list after "Packages:". */
    static Set<String> listedPackages(List<String> readme) {
        int start = readme.indexOf("Packages:");
        assertThat(start).as("cli/README.md has a line \"Packages:\"").isNotNegative();
        Set<String> listed = new TreeSet<>();
        for (String line : readme.subList(start + 1, readme.size())) {
            if (line.isBlank()) {
                break;
            }
            Matcher code = CODE.matcher(line);
            while (code.find()) {
                if (PACKAGE.matcher(code.group(1)).matches()) {
                    listed.add(code.group(1).startsWith("io.") ? code.group(1) : "io.clirbench." + code.group(1));
                }
            }
        }
        return listed;
    }
}
