package io.clirbench.core.report;

import io.clirbench.core.eval.EvalReport;
import io.clirbench.core.lexicon.Route;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Dictionary coverage of every translation run of a report ({@link EvalReport#translationRoutes()}): one grid per
 * run, query language (row) → document language (column), each cell {@code same}, {@code direct},
 * {@code via X} (two lexicons through the pivot X) or {@code none} (no dictionary: the query is searched
 * untranslated there), and the list of the routes without a dictionary.
 */
public final class RouteTable {

    private RouteTable() {
    }

    /** The plain-text section ({@code report.txt}); empty without translation runs. */
    public static String plain(EvalReport report) {
        if (report.translationRoutes().isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder(TITLE).append('\n');
        report.translationRoutes().forEach((run, routes) -> out.append(run).append(": ").append(summary(routes)).append('\n')
                .append(TextTable.plain(header(routes), rows(routes))));
        return out.append(LEGEND).append("\n\n").toString();
    }

    /** The Markdown section; empty without translation runs. */
    public static String markdown(EvalReport report) {
        if (report.translationRoutes().isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("## ").append(TITLE).append("\n\n");
        report.translationRoutes().forEach((run, routes) -> out.append("### `").append(run).append("`\n\n")
                .append(summary(routes)).append("\n\n").append(TextTable.markdown(header(routes), rows(routes))).append('\n'));
        return out.append(LEGEND).append("\n\n").toString();
    }

    /** The HTML section; empty without translation runs. */
    public static String html(EvalReport report) {
        if (report.translationRoutes().isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder("<section id=\"routes\">\n<h2>").append(HtmlText.escape(TITLE)).append("</h2>\n");
        report.translationRoutes().forEach((run, routes) -> out.append("<h3>").append(HtmlText.escape(run)).append("</h3>\n<p>")
                .append(HtmlText.escape(summary(routes))).append("</p>\n").append(HtmlText.table(header(routes), rows(routes), null)));
        return out.append("<p>").append(HtmlText.escape(LEGEND)).append("</p>\n</section>\n").toString();
    }

    static final String TITLE = "Dictionary routes of the translation runs";
    static final String LEGEND = "Rows: query language; columns: document language. same = no translation needed; direct = "
            + "one bilingual lexicon; via X = query → X → documents through two lexicons; none = no dictionary on this route "
            + "(the query is searched there untranslated).";

    /** {@code 12 of 144 routes have no dictionary: th→de, ...}, with the counts of each kind. */
    static String summary(List<Route> routes) {
        List<String> none = routes.stream().filter(r -> r.kind() == Route.Kind.NONE).map(r -> r.query() + "→" + r.docs()).toList();
        long same = routes.stream().filter(r -> r.kind() == Route.Kind.SAME).count();
        long direct = routes.stream().filter(r -> r.kind() == Route.Kind.DIRECT).count();
        long pivot = routes.stream().filter(r -> r.kind() == Route.Kind.PIVOT).count();
        return none.size() + " of " + routes.size() + " routes have no dictionary" + (none.isEmpty() ? "" : ": " + String.join(", ", none))
                + " (same " + same + ", direct " + direct + ", pivot " + pivot + ")";
    }

    static List<String> header(List<Route> routes) {
        List<String> header = new ArrayList<>(List.of("query \\ documents"));
        header.addAll(languages(routes, false));
        return header;
    }

    static List<List<String>> rows(List<Route> routes) {
        List<String> docLangs = languages(routes, false);
        List<List<String>> rows = new ArrayList<>();
        for (String q : languages(routes, true)) {
            List<String> row = new ArrayList<>(List.of(q));
            for (String d : docLangs) {
                row.add(routes.stream().filter(r -> r.query().equals(q) && r.docs().equals(d)).findFirst().map(RouteTable::cell).orElse(""));
            }
            rows.add(row);
        }
        return rows;
    }

    static String cell(Route r) {
        return switch (r.kind()) {
            case SAME -> "same";
            case DIRECT -> "direct";
            case PIVOT -> "via " + r.steps().getFirst().target();
            case NONE -> "none";
        };
    }

    private static List<String> languages(List<Route> routes, boolean query) {
        Set<String> out = new LinkedHashSet<>();
        routes.forEach(r -> out.add(query ? r.query() : r.docs()));
        return List.copyOf(out);
    }

}
