package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.testing.HeadlessChromium;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * {@code bench qa eval --out DIR} on the shipped xquad-mix with its two prediction files, then
 * {@code DIR/report.html} opened in headless chromium (as the retrieval report is): the rendered DOM holds
 * the per-condition tables, the bar charts with interval whiskers and the question × evidence language
 * heat-maps, and the screenshot is a real picture. Kept in {@code cli/target/qa-report-page-browser-test/}.
 * Needs {@code /usr/bin/chromium}; {@code CLIRBENCH_SKIP_BROWSER=1} skips it.
 */
class QaReportPageBrowserTest {

    private static final Path ROOT = Path.of(System.getProperty("project.root", ".."));
    private static final Path MIX = ROOT.resolve("datasets/xquad-mix");
    private static final Path KEEP = Path.of("target", "qa-report-page-browser-test");

    @Test
    void theQaReportPageRendersItsTablesBarsAndHeatMapsInAHeadlessBrowser() throws IOException {
        Assumptions.assumeFalse(HeadlessChromium.skipRequested(), HeadlessChromium.SKIP_ENV + "=1: browser test skipped");
        HeadlessChromium chromium = HeadlessChromium.standard().requireAvailable();
        Path out = KEEP.toAbsolutePath();
        CommandLine cmd = BenchCommand.commandLine();
        StringWriter err = new StringWriter();
        cmd.setOut(new PrintWriter(new StringWriter()));
        cmd.setErr(new PrintWriter(err));
        int code = cmd.execute("qa", "eval", "--dataset", MIX.toString(), "--pred", MIX.resolve("predictions/oracle.jsonl").toString(),
                "--pred", MIX.resolve("predictions/lexical-overlap.jsonl").toString(), "--bootstrap", "1000", "--out", out.toString());
        assertThat(code).as(err.toString()).isZero();
        assertThat(err.toString()).contains("report.html");

        String url = out.resolve("report.html").toUri().toString();
        String dom = chromium.dumpDom(url);
        assertThat(TableReach.problems(chromium, out.resolve("report.html")))
                .as("table columns out of reach in a " + TableReach.WINDOW_WIDTH + "-px window").isEmpty();
        for (String chart : List.of("bars-condition", "bars-script", "heatmap", "heatmap-support")) {
            Matcher svg = Pattern.compile("<figure class=\"" + chart + "\">\\s*<svg[^>]*\\swidth=\"(\\d+)\"[^>]*\\sheight=\"(\\d+)\"").matcher(dom);
            assertThat(svg.find()).as("an <svg> in figure." + chart + " of the rendered DOM").isTrue();
            assertThat(Integer.parseInt(svg.group(1))).as(chart + " width").isPositive();
        }
        assertThat(count(dom, "<figure class=\"bars-condition\">")).as("answer, support and joint F1 per condition").isEqualTo(3);
        // the lexical baseline predicts no answer: no answer-F1 heat-map of zeros for it; its support heat-map stays
        assertThat(count(dom, "<figure class=\"heatmap\">")).as("one answer-F1 heat-map per system that answered").isEqualTo(1);
        assertThat(count(dom, "<figure class=\"heatmap-support\">")).as("one support-F1 heat-map per system").isEqualTo(2);
        String conditions = dom.substring(dom.indexOf("<section id=\"conditions\">"), dom.indexOf("</section>", dom.indexOf("<section id=\"conditions\">")));
        assertThat(conditions).contains("<caption>oracle</caption>", "<caption>lexical-overlap</caption>",
                "<th scope=\"row\">S3 full-mismatch-single-evidence-language</th>");
        // whiskers: the lexical baseline's support F1 has intervals, drawn as three lines each
        assertThat(dom).contains("lexical-overlap, fully-monolingual: support F1 = ");

        Path png = out.resolve("screenshot.png");
        chromium.screenshot(url, png);
        assertThat(Files.size(png)).as("screenshot bytes").isGreaterThan(50_000);
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(1280);
        Set<Integer> colours = new HashSet<>();
        for (int y = 0; y < image.getHeight(); y += 3) {
            for (int x = 0; x < image.getWidth(); x += 3) {
                colours.add(image.getRGB(x, y));
            }
        }
        assertThat(colours.size()).as("colours in the screenshot").isGreaterThan(20);
    }

    private static int count(String text, String needle) {
        int count = 0;
        for (int i = text.indexOf(needle); i >= 0; i = text.indexOf(needle, i + 1)) {
            count++;
        }
        return count;
    }
}
