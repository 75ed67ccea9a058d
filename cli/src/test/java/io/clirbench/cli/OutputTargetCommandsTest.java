package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 45: every command that writes a user-named output refuses an output that is one of its inputs (the same path,
 * or a second one through a symbolic link to a directory or {@code ..}), even with {@code --follow-symlinks}, and an
 * output that is a symbolic link, or holds one where the command writes a file, unless {@code --follow-symlinks} is
 * given; a refusal changes nothing on disk and exits 1 with a line naming both paths and the option. The commands
 * run through picocli on small real inputs written here ({@link FollowSymlinksOption} is the check they share).
 */
class OutputTargetCommandsTest {

    private static final Path ROOT = Path.of(System.getProperty("project.root", ".."));
    private static final Path AGENTIC = ROOT.resolve("bench-core/src/test/resources/agentic");
    private static final Path SHARED = Path.of(System.getProperty("shared.data"));

    private static HttpServer gateway;

    @TempDir
    Path dir;

    /**
     * What a command needs: its arguments for an output, an input it reads (null: none here), the directory that input
     * lies in (checked byte for byte), and the name under which the output would replace the input when the output is
     * the directory holding it (null: the output is the input itself).
     */
    private record Prepared(Args args, Path input, Path inputTree, String inputInOut) {
        Prepared(Args args, Path input, Path inputTree) {
            this(args, input, inputTree, null);
        }
    }

    private interface Args {
        List<String> of(Path out);
    }

    private interface Setup {
        Prepared prepare(Path dir) throws IOException;
    }

    /**
     * A command: whether its output is a file, a file it writes in its output directory (null: none is written
     * through, the directory being replaced whole), and a file that shows it wrote ("" for the output file itself).
     */
    private record Case(String name, boolean fileOutput, String replaced, String written, Setup setup) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Case> commands() {
        return List.of(
                new Case("eval", false, "report.json", "report.json", d -> {
                    Path dataset = dataset(d);
                    Path run = Files.writeString(d.resolve("run.trec"), "q1 Q0 d1 1 2 t\nq1 Q0 d2 2 1 t\n");
                    return new Prepared(out -> List.of("eval", "--dataset", dataset.toString(), "--run", run.toString(),
                            "--bootstrap", "0", "--out", out.toString()), dataset, dataset);
                }),
                new Case("random-run", true, null, "", d -> {
                    Path dataset = dataset(d);
                    return new Prepared(out -> List.of("random-run", "--dataset", dataset.toString(), "--depth", "2", "--out",
                            out.toString()), dataset.resolve("qrels.tsv"), dataset);
                }),
                new Case("import beir", false, null, "dataset.json", d -> {
                    Path beir = Files.createDirectories(d.resolve("beir/qrels"));
                    Files.writeString(beir.resolve("test.tsv"), "query-id\tcorpus-id\tscore\nq1\td1\t1\n");
                    Files.writeString(beir.resolveSibling("corpus.jsonl"), "{\"_id\": \"d1\", \"text\": \"hello\"}\n");
                    Files.writeString(beir.resolveSibling("queries.jsonl"), "{\"_id\": \"q1\", \"text\": \"hi\"}\n");
                    Path from = beir.getParent();
                    return new Prepared(out -> List.of("import", "beir", "--from", from.toString(), "--lang", "en", "--force",
                            "--out", out.toString()), from, from);
                }),
                new Case("qa import hotpot", false, "instances.jsonl", "instances.jsonl", d -> {
                    // the input is named as the file the import writes: writing into its directory would replace it
                    Path from = Files.createDirectories(d.resolve("hotpot")).resolve("instances.jsonl");
                    Files.copy(SHARED.resolve("qa-parity/hp-basic/gold.json"), from);
                    return new Prepared(out -> List.of("qa", "import", "hotpot", "--from", from.toString(), "--lang", "en",
                            "--force", "--out", out.toString()), from.getParent(), from.getParent(), "instances.jsonl");
                }),
                new Case("qa eval", false, "report.json", "report.json", d -> {
                    Path dataset = copy(ROOT.resolve("datasets/xquad-mix"), d.resolve("mix"), "dataset.json", "instances.jsonl.gz",
                            "predictions/oracle.jsonl");
                    return new Prepared(out -> List.of("qa", "eval", "--dataset", dataset.toString(), "--pred",
                            dataset.resolve("predictions/oracle.jsonl").toString(), "--bootstrap", "0", "--out", out.toString()),
                            dataset, dataset);
                }),
                new Case("agent convert", true, null, "", d -> {
                    Path run = copyTree(AGENTIC.resolve("agentic-runs/original"), d.resolve("original"));
                    return new Prepared(out -> List.of("agent", "convert", "--from", run.toString(), "--to", out.toString()),
                            run, run);
                }),
                new Case("agent convert to a run directory", false, "run_q1.json", "run_q1.json", d -> {
                    Path trace = d.resolve("traces/original.jsonl");
                    Files.createDirectories(trace.getParent());
                    assertThat(BenchRun.of("agent", "convert", "--from", AGENTIC.resolve("agentic-runs/original").toString(),
                            "--to", trace.toString()).code()).isZero();
                    return new Prepared(out -> List.of("agent", "convert", "--from", trace.toString(), "--to", out.toString()),
                            trace, trace.getParent());
                }),
                new Case("agent eval", false, "original/evaluation_summary.json", "report.json", d -> {
                    Path task = copyTree(AGENTIC.resolve("architecture-layout"), d.resolve("task"));
                    Path run = copyTree(AGENTIC.resolve("agentic-runs/original"), d.resolve("original"));
                    return new Prepared(out -> List.of("agent", "eval", "--task", task.toString(), "--run", run.toString(),
                            "--bootstrap", "0", "--out", out.toString()), task, task);
                }),
                new Case("agent compare", false, "report.md", "report.md", d -> {
                    Path task = copyTree(AGENTIC.resolve("architecture-layout"), d.resolve("task"));
                    List<String> args = new ArrayList<>(List.of("agent", "compare", "--task", task.toString(), "--bootstrap",
                            "0"));
                    for (String config : List.of("original", "cross-lingual")) {
                        Path run = copyTree(AGENTIC.resolve("agentic-runs/" + config), d.resolve(config));
                        args.addAll(List.of("--run", run.toString()));
                    }
                    return new Prepared(out -> concat(args, "--out", out.toString()), task, task);
                }),
                new Case("agent baseline-offline", false, "run_q1.json", "run_q1.json", d -> {
                    Path task = copyTree(AGENTIC.resolve("architecture-layout"), d.resolve("task"));
                    return new Prepared(out -> List.of("agent", "baseline-offline", "--task", task.toString(), "--config",
                            "original", "--out", out.toString()), task, task);
                }),
                new Case("report", false, "report.md", "report.json", d -> new Prepared(out -> List.of("report", "run-1",
                        "--gateway", "http://127.0.0.1:" + gateway.getAddress().getPort(), "--token", "t", "--out",
                        out.toString()), null, null)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void anOutputThatIsAnInputIsRefusedAndTheInputKept(Case c) throws IOException {
        Prepared p = c.setup().prepare(dir);
        assumeTrue(p.input() != null, c + " reads no local file (the gateway's)");
        Map<String, String> before = snapshot(p.inputTree());
        Path input = p.input();
        Path viaDotDot = input.getParent().resolve("..").resolve(input.getParent().getFileName()).resolve(input.getFileName());
        Path viaLinkedDirectory = Files.createSymbolicLink(dir.resolve("alias"), input.getParent()).resolve(input.getFileName());
        for (Path out : List.of(input, viaDotDot, viaLinkedDirectory)) {
            for (boolean follow : new boolean[] {false, true}) {
                BenchRun run = run(c, p, out, follow);
                assertThat(run.code()).as(out + " " + follow + ": " + run.err()).isEqualTo(1);
                assertThat(run.err()).as(out.toString()).contains(p.inputInOut() == null
                        ? "the output " + out + " is the input " + input
                        : "the output's " + out.resolve(p.inputInOut()) + " is the input " + input.resolve(p.inputInOut()))
                        .contains(": writing it would replace what is being read; choose another output");
            }
        }
        assertThat(snapshot(p.inputTree())).isEqualTo(before);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void anOutputThatIsASymbolicLinkIsRefusedUnlessAskedAndWrittenThroughWhenAsked(Case c) throws IOException {
        Prepared p = c.setup().prepare(dir);
        Path elsewhere = c.fileOutput() ? Files.writeString(dir.resolve("victim"), "keep")
                : Files.createDirectories(dir.resolve("elsewhere"));
        Path link = Files.createSymbolicLink(dir.resolve("out-link"), elsewhere);
        BenchRun refused = run(c, p, link, false);
        assertThat(refused.code()).as(refused.err()).isEqualTo(1);
        assertThat(refused.err()).contains("the output " + link + " is a symbolic link (to " + elsewhere
                + "): writing through it could replace a file elsewhere; give --follow-symlinks to write through it");
        if (c.fileOutput()) {
            assertThat(elsewhere).hasContent("keep");
        } else {
            assertThat(elsewhere).isEmptyDirectory();
        }

        BenchRun asked = run(c, p, link, true);
        assertThat(asked.code()).as(asked.err()).isZero();
        assertThat(link).isSymbolicLink();
        if (c.fileOutput()) {
            assertThat(Files.readString(elsewhere)).isNotEqualTo("keep");
        } else {
            assertThat(elsewhere.resolve(c.written())).isRegularFile();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void aLinkWhereTheCommandWritesInItsOutputIsRefusedUnlessAsked(Case c) throws IOException {
        if (c.replaced() == null) {
            return; // a file, or a directory replaced whole (a link in it is removed with it, never written through)
        }
        Prepared p = c.setup().prepare(dir);
        Path out = Files.createDirectories(dir.resolve("out"));
        Path victim = Files.writeString(dir.resolve("victim"), "keep");
        Path planted = out.resolve(c.replaced());
        Files.createDirectories(planted.getParent());
        Files.createSymbolicLink(planted, victim);
        BenchRun refused = run(c, p, out, false);
        assertThat(refused.code()).as(refused.err()).isEqualTo(1);
        assertThat(refused.err()).contains("the output's " + planted + " is a symbolic link (to " + victim
                + "): writing through it could replace a file elsewhere; give --follow-symlinks to write through it");
        assertThat(victim).hasContent("keep");
        assertThat(planted).isSymbolicLink();
        if (!c.written().equals(c.replaced())) {
            assertThat(out.resolve(c.written())).doesNotExist();
        }

        BenchRun asked = run(c, p, out, true);
        assertThat(asked.code()).as(asked.err()).isZero();
        assertThat(out.resolve(c.written())).exists();
    }

    // bench import replaces its output directory whole: an input inside it would be deleted with it
    @Test
    void anImportIntoADirectoryHoldingItsInputIsRefused() throws IOException {
        Path parent = Files.createDirectories(dir.resolve("parent"));
        Case beir = commands().stream().filter(c -> c.name().equals("import beir")).findFirst().orElseThrow();
        Prepared p = beir.setup().prepare(parent);
        Map<String, String> before = snapshot(parent);
        BenchRun run = run(beir, p, parent, false);
        assertThat(run.code()).isEqualTo(1);
        assertThat(run.err()).contains("the output " + parent + " holds the input " + p.input()
                + ": replacing it would delete what is being read; choose another output");
        assertThat(snapshot(parent)).isEqualTo(before);
    }

    @BeforeAll
    static void startGateway() throws IOException {
        // bench report's side of the gateway: a completed run with its report files and no TREC runs
        gateway = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        gateway.createContext("/api/", OutputTargetCommandsTest::answer);
        gateway.start();
    }

    @AfterAll
    static void stopGateway() {
        gateway.stop(0);
    }

    private static void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getPath();
            String body = path.equals("/api/runs/run-1")
                    ? "{\"id\": \"run-1\", \"state\": \"COMPLETED\", \"message\": \"\", \"retrievers\": []}"
                    : "content of " + path.substring(path.lastIndexOf('/') + 1);
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream os = exchange.getResponseBody()) {
                os.write(bytes);
            }
        }
    }

    private static BenchRun run(Case c, Prepared p, Path out, boolean follow) {
        List<String> args = p.args().of(out);
        return BenchRun.of((follow ? concat(args, FollowSymlinksOption.NAME) : args).toArray(String[]::new));
    }

    private static List<String> concat(List<String> args, String... more) {
        List<String> all = new ArrayList<>(args);
        all.addAll(List.of(more));
        return all;
    }

    /** A two-document, one-query dataset. */
    private static Path dataset(Path dir) throws IOException {
        Path d = Files.createDirectories(dir.resolve("dataset"));
        Files.writeString(d.resolve("dataset.json"), "{\"id\": \"tiny\", \"languages\": [\"en\", \"de\"]}");
        Files.writeString(d.resolve("corpus.jsonl"), """
                {"_id": "d1", "text": "one", "lang": "en", "family": "F1"}
                {"_id": "d2", "text": "eins", "lang": "de", "family": "F1"}
                """);
        Files.writeString(d.resolve("queries.jsonl"), "{\"_id\": \"q1\", \"text\": \"one?\", \"lang\": \"en\"}\n");
        Files.writeString(d.resolve("qrels.tsv"), "query-id\tcorpus-id\tscore\nq1\td1\t1\nq1\td2\t1\n");
        return d;
    }

    private static Path copy(Path from, Path to, String... names) throws IOException {
        for (String name : names) {
            Files.createDirectories(to.resolve(name).getParent());
            Files.copy(from.resolve(name), to.resolve(name));
        }
        return to;
    }

    private static Path copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> tree = Files.walk(from)) {
            for (Path p : tree.toList()) {
                Path target = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(p, target);
                }
            }
        }
        return to;
    }

    /** Every entry under {@code root}: a file's bytes, a link's target, a directory as "dir". */
    private static Map<String, String> snapshot(Path root) throws IOException {
        Map<String, String> entries = new TreeMap<>();
        try (Stream<Path> tree = Files.walk(root)) {
            tree.skip(1).forEach(p -> {
                try {
                    String value = Files.isSymbolicLink(p) ? "link to " + Files.readSymbolicLink(p)
                            : Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) ? "dir"
                            : new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1);
                    entries.put(root.relativize(p).toString(), value);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
        return entries;
    }
}
