package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every file of the reports of the shipped datasets is byte for byte the one the code wrote before the QA and agentic
 * measure registries (issue 46): retrieval ({@code bench eval} on {@code datasets/xquad-clir} with the shipped seeded
 * random run), QA ({@code bench qa eval} on {@code datasets/xquad-mix} with its oracle and lexical-overlap
 * predictions), agentic ({@code bench agent eval}, default and {@code --compat xbcp}, and {@code bench agent compare}
 * on {@code datasets/xquad-agentic} with the baseline's runs {@code runs/xquad-agentic/{original,cross-lingual,
 * multilingual}}), each with B = 200 bootstrap resamples and the default seed.
 *
 * <p>The expected files under {@code shipped-reports/CASE/} were captured from the code at the start of branch
 * h-measures (main at 2494920a) by running this test with {@code -Dshipped.reports.capture=true}; nothing else wrote
 * them. They are gzipped; a file over 1 MB (the ranx run export, 19 MB) is kept as its SHA-256 ({@code FILE.sha256}).
 * What the command prints on standard output is compared too, as {@code stdout.txt}. The only masking: the absolute project directory (in the runs' and predictions' file names) reads {@code $ROOT}. The
 * commands write no run id and no timing into these files (two runs were compared: identical but for the path).
 * manpages-clir ships reports but no run files, so it has no case here.
 */
class ShippedReportsUnchangedTest {

    private static final Path ROOT = Path.of(System.getProperty("project.root", "..")).toAbsolutePath().normalize();
    private static final Path GOLDEN = ROOT.resolve("cli/src/test/resources/shipped-reports");
    private static final boolean CAPTURE = Boolean.getBoolean("shipped.reports.capture");
    private static final long HASHED_OVER = 1_000_000;
    /** What the command printed on standard output, compared like the files. */
    private static final String CONSOLE = "stdout.txt";

    @TempDir
    Path dir;

    static Stream<Arguments> cases() {
        String mix = ROOT.resolve("datasets/xquad-mix").toString();
        String task = ROOT.resolve("datasets/xquad-agentic").toString();
        String[] runs = {"--run", ROOT.resolve("runs/xquad-agentic/original").toString(),
                "--run", ROOT.resolve("runs/xquad-agentic/cross-lingual").toString(),
                "--run", ROOT.resolve("runs/xquad-agentic/multilingual").toString()};
        return Stream.of(
                Arguments.of("retrieval", List.of("eval", "--dataset", ROOT.resolve("datasets/xquad-clir").toString(),
                        "--run", ROOT.resolve("runs/xquad-clir/random-seed42.trec.gz").toString(), "--bootstrap", "200")),
                Arguments.of("qa", List.of("qa", "eval", "--dataset", mix,
                        "--pred", mix + "/predictions/oracle.jsonl", "--pred", mix + "/predictions/lexical-overlap.jsonl",
                        "--bootstrap", "200")),
                Arguments.of("agent", concat(List.of("agent", "eval", "--task", task, "--bootstrap", "200", "--date", "2026-01-01"), runs)),
                Arguments.of("agent-xbcp", concat(List.of("agent", "eval", "--task", task, "--compat", "xbcp", "--bootstrap", "200",
                        "--date", "2026-01-01"), runs)),
                Arguments.of("agent-compare", concat(List.of("agent", "compare", "--task", task, "--bootstrap", "200"), runs)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void everyReportFileIsTheOneWrittenBeforeTheRegistries(String name, List<String> command) throws IOException {
        Path out = dir.resolve(name);
        List<String> args = new ArrayList<>(command);
        args.addAll(List.of("--out", out.toString()));
        java.io.ByteArrayOutputStream console = new java.io.ByteArrayOutputStream();
        java.io.PrintStream stdout = System.out;
        int code;
        try (java.io.PrintStream captured = new java.io.PrintStream(console, true, StandardCharsets.UTF_8)) {
            System.setOut(captured);
            code = BenchCommand.commandLine().setOut(new java.io.PrintWriter(captured, true)).execute(args.toArray(String[]::new));
        } finally {
            System.setOut(stdout);
        }
        assertThat(code).as("exit code of bench %s", String.join(" ", command)).isZero();
        Files.write(out.resolve(CONSOLE), console.toByteArray());
        List<String> written = files(out);
        assertThat(written).isNotEmpty();
        Path golden = GOLDEN.resolve(name);
        if (CAPTURE) {
            capture(out, written, golden);
        }
        List<String> expected = goldenFiles(golden);
        assertThat(written).as("files written by %s", name).isEqualTo(expected);
        for (String file : written) {
            byte[] actual = masked(out.resolve(file));
            Path hash = golden.resolve(file + ".sha256");
            if (Files.exists(hash)) {
                assertThat(sha256(actual)).as("%s/%s", name, file).isEqualTo(Files.readString(hash).strip());
            } else {
                assertThat(new String(actual, StandardCharsets.UTF_8)).as("%s/%s", name, file)
                        .isEqualTo(new String(gunzip(golden.resolve(file + ".gz")), StandardCharsets.UTF_8));
            }
        }
    }

    private static List<String> concat(List<String> head, String[] tail) {
        List<String> all = new ArrayList<>(head);
        all.addAll(List.of(tail));
        return all;
    }

    private static List<String> files(Path dir) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            return walk.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString().replace('\\', '/'))
                    .collect(java.util.stream.Collectors.toCollection(TreeSet::new)).stream().toList();
        }
    }

    private static List<String> goldenFiles(Path golden) throws IOException {
        return files(golden).stream().map(f -> f.endsWith(".gz") ? f.substring(0, f.length() - 3)
                : f.substring(0, f.length() - ".sha256".length())).sorted().toList();
    }

    private static byte[] masked(Path file) throws IOException {
        String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        return text.replace(ROOT.toString(), "$ROOT").getBytes(StandardCharsets.UTF_8);
    }

    private static void capture(Path out, List<String> written, Path golden) throws IOException {
        for (String file : written) {
            byte[] bytes = masked(out.resolve(file));
            Path target = golden.resolve(file + (bytes.length > HASHED_OVER ? ".sha256" : ".gz"));
            Files.createDirectories(target.getParent());
            if (bytes.length > HASHED_OVER) {
                Files.writeString(target, sha256(bytes) + "\n");
            } else {
                try (OutputStream gz = new GZIPOutputStream(Files.newOutputStream(target))) {
                    gz.write(bytes);
                }
            }
        }
    }

    private static byte[] gunzip(Path file) throws IOException {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
            return in.readAllBytes();
        }
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
