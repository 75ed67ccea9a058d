package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.dataset.DatasetReader;
import io.clirbench.core.dataset.DatasetSample;
import io.clirbench.core.dataset.DatasetWriter;
import io.clirbench.core.format.trec.TrecRunWriter;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Query;
import io.clirbench.core.run.RankedList;
import io.clirbench.core.testing.HeadlessChromium;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code bench eval --out DIR} on a sample of the shipped xquad-clir dataset with two runs (a seeded
 * random run and a token-overlap run), then {@code DIR/report.html} opened in headless chromium:
 * the rendered DOM holds the four chart kinds and the headline table, and the screenshot is a real
 * picture. The screenshot and report stay in {@code cli/target/report-page-browser-test/} for a look.
 * Needs {@code /usr/bin/chromium} ({@code apt-get install chromium}); {@code CLIRBENCH_SKIP_BROWSER=1} skips it.
 */
class ReportPageBrowserTest {

    private static final Path ROOT = Path.of(System.getProperty("project.root", ".."));
    private static final Path KEEP = Path.of("target", "report-page-browser-test");

    @TempDir
    Path dir;

    @Test
    void theReportPageRendersItsTablesAndChartsInAHeadlessBrowser() throws IOException {
        Assumptions.assumeFalse(HeadlessChromium.skipRequested(), HeadlessChromium.SKIP_ENV + "=1: browser test skipped");
        HeadlessChromium chromium = HeadlessChromium.standard().requireAvailable();
        Path dataset = dir.resolve("xquad-sample");
        Dataset sample = DatasetSample.byFamilies(DatasetReader.read(ROOT.resolve("datasets/xquad-clir")), 25, 42);
        DatasetWriter.write(sample, dataset, false);
        Path random = dir.resolve("random.trec");
        assertThat(BenchCommand.commandLine().execute("random-run", "--dataset", dataset.toString(), "--out",
                random.toString())).isZero();
        Path overlap = writeTokenOverlapRun(sample, dir.resolve("token-overlap.trec"));
        deleteRecursively(KEEP);
        Path out = KEEP.toAbsolutePath();

        String err = bench("eval", "--dataset", dataset.toString(), "--run", random.toString(), "--run", overlap.toString(),
                "--bootstrap", "1000", "--out", out.toString());

        assertThat(err).contains("report.html");
        String url = out.resolve("report.html").toUri().toString();
        String dom = chromium.dumpDom(url);
        assertThat(TableReach.problems(chromium, out.resolve("report.html")))
                .as("table columns out of reach in a " + TableReach.WINDOW_WIDTH + "-px window").isEmpty();
        for (String chart : List.of("recall-at-depth", "rrc", "ari", "heatmap")) {
            Matcher svg = Pattern.compile("<figure class=\"" + chart + "\">\\s*<svg[^>]*\\swidth=\"(\\d+)\"[^>]*\\sheight=\"(\\d+)\"")
                    .matcher(dom);
            assertThat(svg.find()).as("an <svg> in figure." + chart + " of the rendered DOM").isTrue();
            assertThat(Integer.parseInt(svg.group(1))).as(chart + " width").isPositive();
            assertThat(Integer.parseInt(svg.group(2))).as(chart + " height").isPositive();
        }
        assertThat(count(dom, "<figure class=\"heatmap\">")).as("one heat-map per run").isEqualTo(2);
        String headline = dom.substring(dom.indexOf("<section id=\"language\">"), dom.indexOf("</section>", dom.indexOf("<section id=\"language\">")));
        assertThat(headline).contains("<th scope=\"row\">random</th>", "<th scope=\"row\">token-overlap</th>");

        Path png = out.resolve("screenshot.png");
        chromium.screenshot(url, png);
        assertThat(Files.size(png)).as("screenshot bytes").isGreaterThan(50_000);
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(1280);
        assertThat(distinctColours(image)).as("colours in the screenshot").isGreaterThan(20);
    }

    /** A crude lexical retriever: score = shared lower-case word tokens / sqrt(document tokens); top 200
     * (so some cross-language gold lies beyond the list: L∞ and ARI@100 are above 0). */
    private static Path writeTokenOverlapRun(Dataset dataset, Path file) {
        List<Document> corpus = dataset.corpus();
        List<Set<String>> docTokens = corpus.stream().map(d -> tokens(d.text())).toList();
        try (TrecRunWriter writer = new TrecRunWriter(file, "token-overlap")) {
            for (Query query : dataset.queries()) {
                Set<String> q = tokens(query.text());
                double[] scores = new double[corpus.size()];
                for (int i = 0; i < corpus.size(); i++) {
                    Set<String> shared = new HashSet<>(docTokens.get(i));
                    shared.retainAll(q);
                    scores[i] = shared.size() / Math.sqrt(1 + docTokens.get(i).size());
                }
                RankedList all = RankedList.inTrecOrder(query.id(), corpus.stream().map(Document::id).toArray(String[]::new), scores);
                int n = Math.min(200, all.docIds().length);
                writer.write(new RankedList(query.id(), Arrays.copyOf(all.docIds(), n), Arrays.copyOf(all.scores(), n)));
            }
        }
        return file;
    }

    private static Set<String> tokens(String text) {
        return new HashSet<>(Arrays.asList(text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")));
    }

    private static int distinctColours(BufferedImage image) {
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                colours.add(image.getRGB(x, y));
            }
        }
        return colours.size();
    }

    private static int count(String text, String needle) {
        int count = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            count++;
        }
        return count;
    }

    /** Runs {@code bench} in-process; returns its stderr (its stdout, the console report, is discarded). */
    private static String bench(String... args) {
        CommandLine commandLine = BenchCommand.commandLine();
        StringWriter err = new StringWriter();
        commandLine.setErr(new PrintWriter(err));
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            int code = commandLine.execute(args);
            String all = captured.toString(StandardCharsets.UTF_8) + err;
            assertThat(code).as(all).isZero();
            return all;
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
        }
    }

    private static void deleteRecursively(Path path) throws IOException {
        if (!Files.exists(path)) {
            return;
        }
        try (var paths = Files.walk(path)) {
            for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
