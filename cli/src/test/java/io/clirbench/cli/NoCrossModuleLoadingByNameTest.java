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
 * No module reaches another module's classes by name (issue 46): a dependency Maven does not know of is one a build
 * cannot check. Every module's main sources are read; a class is named when a string literal holds a class name of
 * {@code io.clirbench} (to {@code Class.forName}, {@code loadClass}, a {@code java -cp ... MAIN} command line, ...), or
 * when a class path is assembled from another module's build output ({@code quarkus-app/lib}, {@code target/classes}).
 * Naming a class of one's own module is allowed (index-service's Vector API kernel, loaded only when its incubator
 * module is present); so is starting another module's packaged application ({@code java -jar quarkus-run.jar}).
 */
class NoCrossModuleLoadingByNameTest {

    private static final Path ROOT = Path.of(System.getProperty("project.root", ".."));
    /** A fully qualified class name of the project inside a string literal. */
    private static final Pattern CLASS_NAME = Pattern.compile("\"(io\\.clirbench(?:\\.[a-z][a-z0-9_]*)+)\\.([A-Z]\\w*)[\"$]");
    /** Reflection whose argument is not a literal the check above can read. */
    private static final Pattern DYNAMIC_LOAD = Pattern.compile("(?:Class\\.forName|\\.loadClass|\\.findClass)\\(\\s*[^\"\\s]");
    private static final Pattern BUILD_OUTPUT = Pattern.compile("quarkus-app(?!/quarkus-run\\.jar)|target/classes|lib/main|URLClassLoader");
    /** Text blocks and string literals (kept: a "lib/*" is no comment), then comments (blanked). */
    private static final Pattern COMMENT = Pattern.compile(
            "\"\"\".*?\"\"\"|\"(?:\\\\.|[^\"\\\\\\n])*\"|'(?:\\\\.|[^'\\\\])'|//[^\\n]*|/\\*.*?\\*/", Pattern.DOTALL);

    @Test
    void noMainSourceNamesAClassOfAnotherModule() throws IOException {
        List<String> violations = new ArrayList<>();
        List<Path> modules = modules();
        assertThat(modules).as("modules under " + ROOT).extracting(p -> p.getFileName().toString())
                .contains("bench-core", "encoders", "embedder-service", "cli");
        for (Path module : modules) {
            Set<String> own = packages(module);
            for (Path source : sources(module)) {
                violations.addAll(violations(ROOT.relativize(source).toString(), Files.readString(source), own));
            }
        }
        assertThat(violations).as("main sources naming another module's classes or build output").isEmpty();
    }

    @Test
    void theCheckCatchesWhatTheCliDidBefore() {
        // bench model add before issue 46: a JVM on the embedder's packaged class path, its main class by name
        String before = """
                static final String MAIN = "io.clirbench.embedder.encoder.ModelImport";
                Path app = home.resolve("embedder-service/target/quarkus-app");
                String cp = app.resolve("lib/main") + "/*";
                """;
        assertThat(violations("ModelCommand.java", before, Set.of("io.clirbench.cli.retrieval")))
                .containsExactly("ModelCommand.java line 1: names io.clirbench.embedder.encoder.ModelImport, a class of another module",
                        "ModelCommand.java line 2: a class path from build output (quarkus-app)",
                        "ModelCommand.java line 3: a class path from build output (lib/main)");
        assertThat(violations("K.java", "Class<?> k = Class.forName(name);", Set.of()))
                .containsExactly("K.java line 1: loads a class whose name is not a literal");
        assertThat(violations("Kernels.java", "Class.forName(\"io.clirbench.index.search.VectorApiDotKernel\") // own",
                Set.of("io.clirbench.index.search"))).isEmpty();
        assertThat(violations("J.java", "/* Class.forName(\"io.clirbench.x.Y\") */ String s = \"io.clirbench.gateway\";",
                Set.of())).as("comments and package names are not class names").isEmpty();
        assertThat(violations("L.java", "String glob = \"lib/*\"; String main = \"io.clirbench.kafka.LocalKafka\"; // */",
                Set.of())).as("a /* inside a string opens no comment").hasSize(1);
    }

    /** One line per use of another module's class by name, or of a class path built from build output. */
    static List<String> violations(String file, String source, Set<String> ownPackages) {
        List<String> found = new ArrayList<>();
        String code = withoutComments(source);
        String[] lines = code.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String where = file + " line " + (i + 1) + ": ";
            Matcher name = CLASS_NAME.matcher(lines[i]);
            while (name.find()) {
                if (!ownPackages.contains(name.group(1))) {
                    found.add(where + "names " + name.group(1) + "." + name.group(2) + ", a class of another module");
                }
            }
            if (DYNAMIC_LOAD.matcher(lines[i]).find()) {
                found.add(where + "loads a class whose name is not a literal");
            }
            Matcher output = BUILD_OUTPUT.matcher(lines[i]);
            while (output.find()) {
                String what = output.group().startsWith("quarkus-app") ? "quarkus-app" : output.group();
                found.add(where + (what.equals("URLClassLoader") ? "a class loader of its own" : "a class path from build output (" + what + ")"));
            }
        }
        return found;
    }

    /** Comments blanked out, line breaks kept (so that line numbers stay right). */
    private static String withoutComments(String source) {
        Matcher m = COMMENT.matcher(source);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            boolean comment = m.group().startsWith("/");
            m.appendReplacement(out, Matcher.quoteReplacement(comment ? m.group().replaceAll("[^\\n]", " ") : m.group()));
        }
        return m.appendTail(out).toString();
    }

    private static List<Path> modules() throws IOException {
        try (Stream<Path> dirs = Files.list(ROOT)) {
            return dirs.filter(d -> Files.isRegularFile(d.resolve("pom.xml")) && Files.isDirectory(d.resolve("src/main/java")))
                    .sorted().toList();
        }
    }

    private static List<Path> sources(Path module) throws IOException {
        try (Stream<Path> files = Files.walk(module.resolve("src/main/java"))) {
            return files.filter(f -> f.toString().endsWith(".java")).sorted().toList();
        }
    }

    /** The packages a module's main sources declare. */
    private static Set<String> packages(Path module) throws IOException {
        Set<String> packages = new TreeSet<>();
        Path root = module.resolve("src/main/java");
        for (Path source : sources(module)) {
            Path dir = root.relativize(source).getParent();
            if (dir != null) {
                packages.add(dir.toString().replace('/', '.'));
            }
        }
        return packages;
    }
}
