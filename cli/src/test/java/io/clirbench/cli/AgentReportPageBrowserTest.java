package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.testing.HeadlessChromium;
import java.awt.image.BufferedImage;
import java.io.IOException;
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

/**
 * {@code bench agent eval --out DIR} on xquad-agentic with the three reference runs, then {@code DIR/report.html}
 * opened in headless chromium: the rendered DOM holds the per-language bars, the reliability diagram and the
 * search-call histogram as SVG, and the tables; the screenshot is a real picture. Output stays in
 * {@code cli/target/agent-report-page-browser-test/}. {@code CLIRBENCH_SKIP_BROWSER=1} skips it.
 */
class AgentReportPageBrowserTest {

    static final Path ROOT = Path.of(System.getProperty("project.root", ".."));
    static final Path KEEP = Path.of("target", "agent-report-page-browser-test");

    @Test
    void theAgentReportPageRendersItsTablesAndChartsInAHeadlessBrowser() throws IOException {
        Assumptions.assumeFalse(HeadlessChromium.skipRequested(), HeadlessChromium.SKIP_ENV + "=1: browser test skipped");
        HeadlessChromium chromium = HeadlessChromium.standard().requireAvailable();
        Path out = KEEP.toAbsolutePath();
        Path runs = ROOT.resolve("runs/xquad-agentic");
        BenchRun run = BenchRun.of("agent", "eval", "--task", ROOT.resolve("datasets/xquad-agentic").toString(),
                "--run", runs.resolve("original").toString(), "--run", runs.resolve("cross-lingual").toString(),
                "--run", runs.resolve("multilingual").toString(), "--bootstrap", "1000", "--out", out.toString());
        assertThat(run.code()).as(run.err()).isZero();
        String url = out.resolve("report.html").toUri().toString();
        String dom = chromium.dumpDom(url);
        assertThat(TableReach.problems(chromium, out.resolve("report.html")))
                .as("table columns out of reach in a " + TableReach.WINDOW_WIDTH + "-px window").isEmpty();
        for (String chart : List.of("language-recall", "language-accuracy", "reliability", "search-calls")) {
            Matcher svg = Pattern.compile("<figure class=\"" + chart + "\">\\s*<svg[^>]*\\swidth=\"(\\d+)\"[^>]*\\sheight=\"(\\d+)\"").matcher(dom);
            assertThat(svg.find()).as("an <svg> in figure." + chart + " of the rendered DOM").isTrue();
            assertThat(Integer.parseInt(svg.group(1))).as(chart + " width").isPositive();
            assertThat(Integer.parseInt(svg.group(2))).as(chart + " height").isPositive();
        }
        String languages = dom.substring(dom.indexOf("<section id=\"languages\">"), dom.indexOf("</section>", dom.indexOf("<section id=\"languages\">")));
        assertThat(languages).contains("<th scope=\"row\">cross-lingual</th>", "<th scope=\"row\">multilingual</th>", "<td>zh</td>");
        assertThat(dom).contains("<section id=\"comparisons\">", "<section id=\"runs\">");
        Path png = out.resolve("screenshot.png");
        chromium.screenshot(url, png);
        assertThat(Files.size(png)).as("screenshot bytes").isGreaterThan(30_000);
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
}
