package io.clirbench.core;

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
 * bench-core/README.md's package table ("| package | what |") names every package of bench-core's main sources (a
 * directory under io/clirbench/core with a .java file, package-info included), each once, and no other. Rows name
 * packages relative to {@code io.clirbench.core}; the root package is written in full.
 */
class BenchCoreReadmeTest {

    private static final Path MODULE = Path.of(System.getProperty("project.root", "..")).resolve("bench-core");
    private static final Path README = MODULE.resolve("README.md");
    private static final Path SOURCES = MODULE.resolve("src/main/java/io/clirbench/core");
    private static final String ROOT_PACKAGE = "io.clirbench.core";
    private static final Pattern FIRST_CELL = Pattern.compile("^\\| `([a-z][a-z0-9.]*)` \\|");

    @Test
    void thePackageTableNamesEveryPackageOfTheMainSourcesOnceAndNoOther() throws IOException {
        Set<String> packages = sourcePackages();
        assertThat(packages).as("the packages found under " + SOURCES).contains(ROOT_PACKAGE, "stats", "metrics.language");

        List<String> rows = tableRows(Files.readAllLines(README));
        Set<String> listed = new TreeSet<>(rows);
        assertThat(rows).as("package rows of bench-core/README.md named twice").hasSameSizeAs(listed);

        Set<String> missing = new TreeSet<>(packages);
        missing.removeAll(listed);
        Set<String> unknown = new TreeSet<>(listed);
        unknown.removeAll(packages);
        assertThat(missing).as("packages of bench-core without a row in bench-core/README.md's package table").isEmpty();
        assertThat(unknown).as("rows of bench-core/README.md's package table naming no package of bench-core").isEmpty();
    }

    private static Set<String> sourcePackages() throws IOException {
        Set<String> packages = new TreeSet<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            files.filter(f -> f.toString().endsWith(".java")).map(Path::getParent).forEach(dir -> {
                String relative = SOURCES.relativize(dir).toString().replace('/', '.');
                packages.add(relative.isEmpty() ? ROOT_PACKAGE : relative);
            });
        }
        return packages;
    }

    /** The package named in the first cell of each row under the table's header, in order. */
    private static List<String> tableRows(List<String> readme) {
        int header = readme.indexOf("| package | what |");
        assertThat(header).as("bench-core/README.md has the table \"| package | what |\"").isNotNegative();
        List<String> rows = new ArrayList<>();
        for (String row : readme.subList(header + 2, readme.size())) {
            if (!row.startsWith("|")) {
                break;
            }
            Matcher cell = FIRST_CELL.matcher(row);
            assertThat(cell.find()).as("a package table row starts with | `package` |: %s", row).isTrue();
            rows.add(cell.group(1));
        }
        return rows;
    }
}
