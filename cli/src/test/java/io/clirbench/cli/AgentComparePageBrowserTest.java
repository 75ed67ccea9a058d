package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.testing.HeadlessChromium;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * {@code bench agent compare --out DIR} on xquad-agentic with its three reference runs, then {@code DIR/report.html}
 * opened in headless chromium: the rendered DOM holds the comparison table (a row per configuration and evidence
 * language, every column in reach) and the chart as SVG; the screenshot is a real picture. Output stays in
 * {@code cli/target/agent-compare-page-browser-test/}. {@code CLIRBENCH_SKIP_BROWSER=1} skips it.
 */
class AgentComparePageBrowserTest {

    static final Path ROOT = Path.of(System.getProperty("project.root", ".."));
    static final Path KEEP = Path.of("target", "agent-compare-page-browser-test");

    @Test
    void theComparisonPageRendersItsTableAndChartInAHeadlessBrowser() throws IOException {
        Assumptions.assumeFalse(HeadlessChromium.skipRequested(), HeadlessChromium.SKIP_ENV + "=1: browser test skipped");
        HeadlessChromium chromium = HeadlessChromium.standard().requireAvailable();
        Path out = KEEP.toAbsolutePath();
        Path runs = ROOT.resolve("runs/xquad-agentic");
        BenchRun run = BenchRun.of("agent", "compare", "--task", ROOT.resolve("datasets/xquad-agentic").toString(),
                "--run", runs.resolve("original").toString(), "--run", runs.resolve("cross-lingual").toString(),
                "--run", runs.resolve("multilingual").toString(), "--bootstrap", "1000", "--out", out.toString());
        assertThat(run.code()).as(run.err()).isZero();
        String url = out.resolve("report.html").toUri().toString();
        String dom = chromium.dumpDom(url);
        assertThat(TableReach.problems(chromium, out.resolve("report.html")))
                .as("table columns out of reach in a " + TableReach.WINDOW_WIDTH + "-px window").isEmpty();
        Matcher svg = Pattern.compile("<figure class=\"configuration-differences\">\\s*<svg[^>]*\\swidth=\"(\\d+)\"[^>]*\\sheight=\"(\\d+)\"")
                .matcher(dom);
        assertThat(svg.find()).as("an <svg> in figure.configuration-differences of the rendered DOM").isTrue();
        assertThat(Integer.parseInt(svg.group(1))).isPositive();
        assertThat(Integer.parseInt(svg.group(2))).isPositive();
        assertThat(dom).contains("<section id=\"configurations\">", "<th scope=\"row\">cross-lingual</th>",
                "<th scope=\"row\">multilingual</th>", "<td>zh</td>", "<td>all</td>");
        // 11 evidence languages under each of cross-lingual and multilingual, one bar pair each, plus the overall pair
        assertThat(Pattern.compile("<title>cross-lingual, [a-z]+: Δ evidence recall").matcher(dom).results().count())
                .isEqualTo(12);
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
