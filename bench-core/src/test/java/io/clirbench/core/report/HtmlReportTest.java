package io.clirbench.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.stats.Stats;
import io.clirbench.core.eval.RetrievalEvaluation;
import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.eval.RunEvaluation;
import io.clirbench.core.eval.RunEvaluator;
import io.clirbench.core.metrics.StandardMeasures;
import io.clirbench.core.metrics.language.LanguageMetricsConfig;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Document;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.model.Query;
import io.clirbench.core.run.RankedList;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

/**
 * The HTML report of a hand-made dataset and two runs.
 *
 * <pre>
 * family expansion on; gold per query (S same-language, X cross-language) and ranks in run "&lt;b&gt;&amp;x":
 * q1 en  a-en S rank 1, a-de X rank 3
 * q2 de  b-de S not retrieved, b-en X rank 2
 * q3 en  b-en S rank 1, b-de X not retrieved
 * route grid R@10 (gold pairs by lang(q) → lang(d)):
 *   en → de: (q1, a-de) rank 3 hit, (q3, b-de) missed  → 1/2 = 0.50
 *   en → en: (q1, a-en), (q3, b-en) both rank 1        → 2/2 = 1.00
 *   de → en: (q2, b-en) rank 2                          → 1/1 = 1.00
 *   de → de: (q2, b-de) missed                          → 0/1 = 0.00
 * </pre>
 */
class HtmlReportTest {

    private static final String RUN = "<b>&x";
    private static final Dataset DATASET = new Dataset(
            new DatasetInfo("toy", "Toy", "1", "CC0-1.0", "test", List.of("de", "en"), true),
            List.of(doc("a-en", "en", "a"), doc("a-de", "de", "a"), doc("b-en", "en", "b"), doc("b-de", "de", "b"),
                    doc("n1-en", "en", "n1"), doc("n2-de", "de", "n2")),
            List.of(new Query("q1", "x", "en", "a", null), new Query("q2", "y", "de", "b", null),
                    new Query("q3", "z", "en", "b", null)),
            Qrels.of(Map.of("q1", Map.of("a-en", 1), "q2", Map.of("b-de", 1), "q3", Map.of("b-en", 1))));

    @Test
    void thePageAndEverySvgAreWellFormedXmlWithTheFourChartKinds() throws Exception {
        String html = HtmlReport.render(report());

        assertThat(html).startsWith("<!DOCTYPE html>\n<html lang=\"en\">").contains("<meta charset=\"utf-8\"/>")
                .doesNotContain("<script", "href=", "src=", "url(", "@import", "<link");
        parse(html.substring(html.indexOf("<html"))); // the whole page is well-formed XML too
        List<String> svgs = svgs(html);
        // recall at depth, RRC, ARI bars, and one heat-map per run
        assertThat(svgs).hasSize(5);
        for (String svg : svgs) {
            Element root = parse(svg).getDocumentElement();
            assertThat(root.getTagName()).isEqualTo("svg");
            assertThat(Double.parseDouble(root.getAttribute("width"))).isPositive();
            assertThat(Double.parseDouble(root.getAttribute("height"))).isPositive();
            assertThat(root.getAttribute("aria-label")).isNotBlank();
            assertThat(root.getElementsByTagName("title").item(0).getTextContent()).isEqualTo(root.getAttribute("aria-label"));
        }
        assertThat(svgs.get(0)).contains("Recall at depth", "depth k (log scale)", "balanced recall", "same-language", "cross-language");
        assertThat(svgs.get(1)).contains("RRC@K", "K* = ");
        assertThat(svgs.get(2)).contains("ARI@100", "deep_100", "L∞", "RRC@100");
        assertThat(svgs.get(3)).contains("heat-map", "query language", "document language");
        // each heat-map names its run in a visible text, not only in its title
        assertThat(parse(svgs.get(3)).getDocumentElement().getElementsByTagName("text").item(0).getTextContent())
                .startsWith("run ");
        assertThat(html).contains("<table>", "Route grid R@10", "Per query language", "Comparing runs", "nDCG@10");
    }

    @Test
    void theHeatMapCellOfEnglishQueriesAndGermanDocumentsShowsHalf() throws Exception {
        String heatMap = svgs(HtmlReport.render(report())).get(3);
        Element svg = parse(heatMap).getDocumentElement();

        // en → de: (q1, a-de) at rank 3 is a hit, (q3, b-de) is not retrieved: 1/2 (table in the class comment)
        assertThat(cellText(svg, "en → de")).isEqualTo("0.50");
        assertThat(cellText(svg, "de → de")).isEqualTo("0.00");
        assertThat(cellText(svg, "en → en")).isEqualTo("1.00");
        assertThat(heatMap).contains("en → de: R@10 = 0.500", "1/2 gold pairs");
    }

    @Test
    void textIsEscaped() {
        String html = HtmlReport.render(report());

        assertThat(html).contains("&lt;b&gt;&amp;x").doesNotContain("<b>&x", "<b>");
        assertThat(HtmlText.escape("a&<>\"'")).isEqualTo("a&amp;&lt;&gt;&quot;&#39;");
    }

    @Test
    void theSameEvaluationGivesTheSameBytes() {
        assertThat(HtmlReport.render(report())).isEqualTo(HtmlReport.render(report()));
    }

    @Test
    void theBundleHasTheHtmlAfterTheMarkdown() {
        assertThat(ReportBundle.render(report()).keySet())
                .containsExactly("report.json", "report.md", "report.html", "report.txt", "summary.csv", "metrics.csv");
    }

    @Test
    void everyReportFileNamesTheDatasetContentHash() {
        String hash = "sha256:" + "0123456789abcdef".repeat(4);
        Map<String, String> files = ReportBundle.render(report().withDatasetHash(hash));
        for (String name : List.of("report.json", "report.md", "report.html", "report.txt")) {
            assertThat(files.get(name)).as(name).contains(hash);
        }
        assertThat(files.get("report.json")).contains("\"hash\" : \"" + hash + "\"");
        assertThat(ReportBundle.render(report()).get("report.txt")).doesNotContain("content `sha256");
    }

    /** Evaluates both runs from scratch (so determinism covers the evaluation too). */
    private static EvalReport report() {
        RunEvaluator evaluator = RunEvaluator.forDataset(DATASET, new StandardMeasures(StandardMeasures.DEFAULT_NAMES),
                LanguageMetricsConfig.defaults(1000), List.of("lang"));
        RunEvaluation first = evaluator.evaluate(RUN, "memory", List.of(
                list("q1", "a-en", "n1-en", "a-de"),
                list("q2", "n1-en", "b-en", "n2-de"),
                list("q3", "b-en", "n2-de", "a-de")));
        RunEvaluation second = evaluator.evaluate("other", "memory", List.of(
                list("q1", "a-de", "a-en"),
                list("q2", "b-de", "b-en"),
                list("q3", "n1-en", "b-de", "b-en")));
        return RetrievalEvaluation.evaluate(DATASET, evaluator, List.of(first, second), 1000, new Stats(200, 42), s -> { });
    }

    private static RankedList list(String query, String... docs) {
        double[] scores = new double[docs.length];
        for (int i = 0; i < docs.length; i++) {
            scores[i] = docs.length - i;
        }
        return RankedList.inTrecOrder(query, docs, scores);
    }

    /** The text printed in the heat-map cell whose tooltip starts with the route. */
    private static String cellText(Element svg, String route) {
        NodeList groups = svg.getElementsByTagName("g");
        for (int i = 0; i < groups.getLength(); i++) {
            Element g = (Element) groups.item(i);
            if (g.getElementsByTagName("title").item(0).getTextContent().startsWith(route + ":")) {
                Node next = g.getNextSibling();
                while (next != null && next.getNodeType() != Node.ELEMENT_NODE) {
                    next = next.getNextSibling();
                }
                assertThat(next).as("text after the cell " + route).isNotNull();
                assertThat(next.getNodeName()).isEqualTo("text");
                return next.getTextContent();
            }
        }
        throw new AssertionError("no heat-map cell " + route);
    }

    private static List<String> svgs(String html) {
        List<String> svgs = new ArrayList<>();
        Matcher m = Pattern.compile("<svg[ >].*?</svg>", Pattern.DOTALL).matcher(html);
        while (m.find()) {
            svgs.add(m.group());
        }
        return svgs;
    }

    private static org.w3c.dom.Document parse(String xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder().parse(new InputSource(new StringReader(xml)));
    }

    private static Document doc(String id, String lang, String family) {
        return new Document(id, null, "text of " + id, lang, family, null);
    }
}
