package io.clirbench.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clirbench.core.testing.HeadlessChromium;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether every column of every table of a report page can be seen in a browser window of a given width: the page
 * itself is no wider than the window (what sticks out of it is cut off or needs the whole page scrolled sideways), and
 * each table's last header cell is either inside the window or reachable by scrolling the table's own scroll container
 * (one with {@code overflow-x: auto} or {@code scroll} that fits the window). The page reports the report in a copy
 * with a measuring script (the report itself has none), opened in headless Chromium.
 */
final class TableReach {

    /** The browser window width the reports must fit (a laptop's window, a little wider than the 1,280-px layout). */
    static final int WINDOW_WIDTH = 1300;

    private static final String SCRIPT = """
            <script>
            (function () {
              var root = document.documentElement, view = root.clientWidth, problems = [];
              if (root.scrollWidth > view) {
                problems.push('the page is ' + root.scrollWidth + ' px wide in a ' + view + ' px window');
              }
              document.querySelectorAll('table').forEach(function (table, i) {
                var cells = table.rows[0].cells, last = cells[cells.length - 1];
                var section = table.closest('section');
                var name = (section ? '#' + section.id + ' ' : '') + 'table ' + i + ' column "' + last.textContent + '"';
                if (last.getBoundingClientRect().right <= view) {
                  return;
                }
                for (var box = table.parentElement; box && box !== document.body; box = box.parentElement) {
                  var overflow = getComputedStyle(box).overflowX, edge = box.getBoundingClientRect().right;
                  if ((overflow === 'auto' || overflow === 'scroll') && edge <= view) {
                    box.scrollLeft = box.scrollWidth;
                    if (last.getBoundingClientRect().right <= edge + 1) {
                      return;
                    }
                  }
                }
                problems.push(name + ' ends at ' + Math.round(last.getBoundingClientRect().right) + ' px, past the '
                    + view + ' px window, and no scroll container reaches it');
              });
              var out = document.createElement('pre');
              out.id = 'table-reach';
              out.textContent = 'tables ' + document.querySelectorAll('table').length + '\\n' + problems.join('\\n');
              document.body.appendChild(out);
            })();
            </script>
            """;
    private static final Pattern RESULT = Pattern.compile("<pre id=\"table-reach\">([^<]*)</pre>");

    private TableReach() {
    }

    /** The columns that cannot be seen in a {@link #WINDOW_WIDTH}-px window, or an overflowing page; empty when all fit. */
    static List<String> problems(HeadlessChromium chromium, Path report) throws IOException {
        String html = Files.readString(report, StandardCharsets.UTF_8);
        assertThat(html).as(report + " has a </body>").contains("</body>");
        Path probe = report.resolveSibling("table-reach.html");
        Files.writeString(probe, html.replace("</body>", SCRIPT + "</body>"), StandardCharsets.UTF_8);
        Matcher result = RESULT.matcher(chromium.dumpDom(probe.toUri().toString(), WINDOW_WIDTH, 1000));
        assertThat(result.find()).as("the measuring script ran in " + probe).isTrue();
        List<String> lines = result.group(1).replace("&quot;", "\"").replace("&gt;", ">").replace("&lt;", "<")
                .replace("&amp;", "&").lines().toList();
        assertThat(Integer.parseInt(lines.get(0).substring("tables ".length()))).as("tables in " + report).isPositive();
        return lines.subList(1, lines.size());
    }
}
