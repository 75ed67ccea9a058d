package io.clirbench.gateway.leaderboard;

import static io.clirbench.gateway.page.PageResource.esc;

import io.clirbench.core.leaderboard.Leaderboard;
import io.clirbench.core.leaderboard.LeaderboardEntry;
import io.clirbench.core.leaderboard.LeaderboardFormat;
import io.clirbench.core.leaderboard.LeaderboardRows;
import io.clirbench.gateway.client.EvalClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The HTML of a leaderboard: one table whose cells carry their sort value ({@code data-value}), a small inline script
 * that sorts the rows when a column header is clicked (and clicks the header named by {@code ?sort=} on load, a link to
 * a sorted view), the export links and the notes. The visible cells are bench-core's {@link LeaderboardRows}.
 */
final class LeaderboardPage {

    /** Sorts by the clicked header's column; a second click reverses. Numbers compare as numbers, empty values last. */
    static final String SORT_SCRIPT = """
            <script>
            (function () {
              var table = document.getElementById('leaderboard');
              var heads = table.tHead.rows[0].cells;
              Array.prototype.forEach.call(heads, function (th, col) {
                th.addEventListener('click', function () {
                  var desc = th.getAttribute('data-next') === 'desc';
                  var text = th.getAttribute('data-type') === 'text';
                  var body = table.tBodies[0];
                  var rows = Array.prototype.slice.call(body.rows);
                  rows.sort(function (a, b) {
                    var x = a.cells[col].getAttribute('data-value'), y = b.cells[col].getAttribute('data-value');
                    if (text) { return desc ? y.localeCompare(x) : x.localeCompare(y); }
                    if (x === '') { return y === '' ? 0 : 1; }
                    if (y === '') { return -1; }
                    return desc ? parseFloat(y) - parseFloat(x) : parseFloat(x) - parseFloat(y);
                  });
                  rows.forEach(function (r) { body.appendChild(r); });
                  Array.prototype.forEach.call(heads, function (h) { h.removeAttribute('aria-sort'); });
                  th.setAttribute('aria-sort', desc ? 'descending' : 'ascending');
                  th.setAttribute('data-next', desc ? 'asc' : 'desc');
                });
              });
              var sort = new URLSearchParams(location.search).get('sort');
              Array.prototype.forEach.call(heads, function (th) {
                if (sort !== null && th.getAttribute('data-key') === sort) { th.click(); }
              });
            })();
            </script>""";

    private LeaderboardPage() {
    }

    /** The page's body. */
    static String body(Leaderboard board) {
        StringBuilder html = new StringBuilder("<h1>Leaderboard: ").append(esc(board.dataset())).append("</h1>");
        html.append("<p>Click a column header to sort; <code>?measure=</code> (repeatable) picks the measures, the first"
                + " ranks.</p><p>Export: ");
        List<String> links = new ArrayList<>();
        for (LeaderboardFormat f : List.of(LeaderboardFormat.CSV, LeaderboardFormat.MARKDOWN, LeaderboardFormat.LATEX)) {
            links.add("<a class=\"export\" href=\"" + esc(exportUrl(board, f)) + "\" download=\""
                    + esc(LeaderboardResource.fileName(board.dataset(), f)) + "\">" + label(f) + "</a>");
        }
        html.append(String.join(" · ", links)).append("</p>");
        if (board.entries().isEmpty()) {
            html.append("<p id=\"empty\">No completed run of this dataset version to rank.</p>");
        } else {
            html.append(table(board));
        }
        html.append("<ul class=\"notes\">");
        LeaderboardRows.notes(board).forEach(n -> html.append("<li>").append(esc(n)).append("</li>"));
        html.append("</ul>").append(SORT_SCRIPT);
        return html.toString();
    }

    private static String table(Leaderboard board) {
        List<String> header = LeaderboardRows.header(board);
        // first click: the best first (ranks and p ascending, means and P(best) descending)
        StringBuilder html = new StringBuilder("<div class=\"scroll\"><table id=\"leaderboard\"><thead><tr>");
        for (int c = 0; c < header.size(); c++) {
            boolean text = c == 1;
            boolean ascending = c == 0 || c == 2 || c == header.size() - 1;
            html.append("<th data-key=\"").append(esc(header.get(c))).append("\" data-type=\"")
                    .append(text ? "text" : "number").append("\" data-next=\"").append(ascending || text ? "asc" : "desc")
                    .append("\" style=\"cursor:pointer\">").append(esc(header.get(c))).append("</th>");
        }
        html.append("</tr></thead><tbody>");
        List<List<String>> rows = LeaderboardRows.rows(board);
        for (int r = 0; r < rows.size(); r++) {
            LeaderboardEntry e = board.entries().get(r);
            List<String> values = sortValues(board, e);
            html.append("<tr data-system=\"").append(esc(e.runId() + "/" + e.retriever())).append("\">");
            for (int c = 0; c < values.size(); c++) {
                html.append("<td data-value=\"").append(esc(values.get(c))).append("\">").append(esc(rows.get(r).get(c)))
                        .append("</td>");
            }
            html.append("</tr>");
        }
        return html.append("</tbody></table></div>").toString();
    }

    /** Per column, the value the script sorts by (in the order of {@link LeaderboardRows#header}). */
    private static List<String> sortValues(Leaderboard board, LeaderboardEntry e) {
        List<String> values = new ArrayList<>(List.of(number(e.rank()), e.runId() + "/" + e.retriever(),
                number(e.rankLow() + e.rankHigh() / 1000), number(e.pBest()))); // the interval: by low end, then high

        board.measures().forEach(m -> values.add(number(e.means().get(m))));
        board.languages().forEach(l -> values.add(number(e.byLanguage().get(board.rankedBy()).get(l))));
        LeaderboardEntry.VersusLeader v = e.versusLeader();
        values.add(v == null ? "0" : number(v.thisMinusLeader()));
        values.add(v == null || v.pHolm() == null ? "" : number(v.pHolm()));
        return values;
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.10g", value);
    }

    private static String exportUrl(Leaderboard board, LeaderboardFormat format) {
        StringBuilder url = new StringBuilder("/api/leaderboard/").append(EvalClient.encode(board.dataset()))
                .append("?format=").append(format.formatName());
        board.measures().forEach(m -> url.append("&measure=").append(EvalClient.encode(m)));
        return url.toString();
    }

    private static String label(LeaderboardFormat format) {
        return switch (format) {
            case CSV -> "CSV";
            case MARKDOWN -> "Markdown";
            case LATEX -> "LaTeX";
            case TABLE -> "text";
        };
    }
}
