package io.clirbench.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.lexicon.LanguagePair;
import io.clirbench.core.lexicon.Route;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The dictionary-route section of the report, cells and counts written out by hand. */
class RouteTableTest {

    /** de, en, th: de↔en direct, th→de via en, th→en direct, en→th and de→th without a dictionary. */
    static final List<Route> ROUTES = List.of(
            new Route("de", "de", Route.Kind.SAME, List.of()),
            new Route("de", "en", Route.Kind.DIRECT, List.of(new LanguagePair("de", "en"))),
            new Route("de", "th", Route.Kind.NONE, List.of()),
            new Route("en", "de", Route.Kind.DIRECT, List.of(new LanguagePair("en", "de"))),
            new Route("en", "en", Route.Kind.SAME, List.of()),
            new Route("en", "th", Route.Kind.NONE, List.of()),
            new Route("th", "de", Route.Kind.PIVOT, List.of(new LanguagePair("th", "en"), new LanguagePair("en", "de"))),
            new Route("th", "en", Route.Kind.DIRECT, List.of(new LanguagePair("th", "en"))),
            new Route("th", "th", Route.Kind.SAME, List.of()));

    static EvalReport report(Map<String, List<Route>> routes) {
        return new EvalReport("clirbench test", null, "q.txt", 10, 1, false, 0, List.of(), null).withTranslationRoutes(routes);
    }

    @Test
    void everyRouteIsACellOfTheGridAndTheUncoveredOnesAreListed() {
        EvalReport report = report(Map.of("translate(bm25,en)", ROUTES));
        assertThat(RouteTable.rows(ROUTES)).containsExactly(
                List.of("de", "same", "direct", "none"),
                List.of("en", "direct", "same", "none"),
                List.of("th", "via en", "direct", "same"));
        assertThat(RouteTable.header(ROUTES)).containsExactly("query \\ documents", "de", "en", "th");
        String summary = "2 of 9 routes have no dictionary: de→th, en→th (same 3, direct 3, pivot 1)";
        assertThat(RouteTable.plain(report)).startsWith("Dictionary routes of the translation runs\ntranslate(bm25,en): " + summary);
        assertThat(RouteTable.markdown(report)).contains("### `translate(bm25,en)`\n\n" + summary)
                .contains("| th | via en | direct | same |");
        assertThat(RouteTable.html(report)).contains("<section id=\"routes\">").contains("<td>via en</td>");
    }

    @Test
    void aReportWithoutTranslationRunsHasNoSection() {
        EvalReport report = report(Map.of());
        assertThat(RouteTable.plain(report)).isEmpty();
        assertThat(RouteTable.markdown(report)).isEmpty();
        assertThat(RouteTable.html(report)).isEmpty();
        assertThat(new EvalReport("t", null, "q", 10, 1, false, 0, List.of(), null).translationRoutes()).isEmpty();
    }

    @Test
    void theMarkdownAndJsonReportsCarryTheRoutes() {
        EvalReport report = report(Map.of("translate(bm25)", ROUTES));
        assertThat(MarkdownReport.render(report)).contains("## Dictionary routes of the translation runs");
        assertThat(JsonReport.render(report)).contains("\"translationRoutes\"");
    }
}
