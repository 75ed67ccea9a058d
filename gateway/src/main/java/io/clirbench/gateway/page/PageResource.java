package io.clirbench.gateway.page;

import io.clirbench.core.report.HtmlText;
import io.clirbench.core.report.ReportFiles;
import io.clirbench.gateway.client.EvalClient;
import io.clirbench.gateway.retriever.RetrieverPhase;
import io.clirbench.gateway.run.PhaseProgress;
import io.clirbench.gateway.run.RunPage;
import io.clirbench.gateway.run.RunDirectory;
import io.clirbench.gateway.run.RunService;
import io.clirbench.gateway.run.RunLifecycle;
import io.clirbench.gateway.run.RunSnapshot;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Locale;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** Server-rendered pages: the runs list and one run (progress, then the eval-service's report). No external resources. */
@Path("/")
@Produces(MediaType.TEXT_HTML)
@Tag(name = "pages")
public class PageResource {

    private static final String STYLE = "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
            + "td,th{padding:4px 8px;border-bottom:1px solid #ddd;text-align:left}"
            + ".bar{width:200px;height:12px;background:#eee}.bar div{height:12px;background:#4a7}"
            + ".phase{font-size:smaller;color:#555}.scroll{overflow-x:auto}</style>";

    private final RunDirectory runs;
    private final EvalClient eval;

    PageResource(RunService runs, EvalClient eval) {
        this.runs = runs.runs();
        this.eval = eval;
    }

    @GET
    @Operation(summary = "Runs list (HTML), refreshing itself")
    public String index() {
        StringBuilder rows = new StringBuilder();
        RunPage page = runs.list(RunPage.DEFAULT_LIMIT, 0);
        for (RunSnapshot run : page.runs()) {
            rows.append("<tr><td><a href=\"/runs/").append(esc(run.id())).append("\">").append(esc(run.id()))
                    .append("</a></td><td><a href=\"/leaderboard/").append(esc(EvalClient.encode(run.dataset())))
                    .append("\">").append(esc(run.dataset())).append("</a></td><td>")
                    .append(esc(String.join(", ", run.retrievers().stream().map(RunSnapshot.RetrieverSnapshot::id).toList())))
                    .append("</td><td>").append(stateText(run)).append("</td><td>").append(bar(run))
                    .append("<div class=\"phase\">").append(esc(phaseText(run))).append("</div></td><td>")
                    .append(esc(PageTime.of(run.createdAt()))).append("</td></tr>");
        }
        return page("clirbench runs", "<meta http-equiv=\"refresh\" content=\"2\">",
                "<h1>Runs</h1><p>" + (page.total() > page.runs().size()
                        ? "The newest " + page.runs().size() + " of " + page.total() + " runs (all: GET /api/runs?offset=)."
                        : page.total() + " runs.") + "</p><table><tr><th>run</th><th>dataset</th><th>retrievers</th><th>state</th><th>progress</th>"
                        + "<th>created</th></tr>" + rows + "</table>");
    }

    @GET
    @Path("runs/{id}")
    @Operation(summary = "One run (HTML): progress while it runs, the report once evaluated")
    public String run(@PathParam("id") String id) {
        RunSnapshot run = runs.get(id);
        if (run.state() == RunLifecycle.COMPLETED) {
            // a run a gateway resumed says so above its report too (README "Faults")
            String notice = run.resumedAt() == null ? ""
                    : "<p class=\"notice\">" + esc(io.clirbench.gateway.run.RunProgress.resumedMessage(run.resumedAt())) + "</p>";
            String html = fetch(id, ReportFiles.HTML);
            if (html != null) {
                return withNotice(html, notice);
            }
            String md = fetch(id, ReportFiles.MARKDOWN);
            if (md != null) {
                return page("Run " + id, "", "<h1>Run " + esc(id) + "</h1>" + notice + "<pre>" + esc(md) + "</pre>");
            }
        }
        StringBuilder body = new StringBuilder("<h1>Run ").append(esc(id)).append("</h1><p>Dataset ")
                .append(esc(run.dataset())).append(" ").append(esc(run.datasetVersion())).append(", depth ")
                .append(run.depth()).append(": <b>").append(stateText(run)).append("</b> ")
                .append(esc(run.message() == null ? "" : run.message())).append("</p><table><tr><th>retriever</th>"
                        + "<th>state</th><th>progress</th><th>documents</th><th>queries embedded</th><th>searched</th>"
                        + "<th>published</th></tr>");
        for (RunSnapshot.RetrieverSnapshot r : run.retrievers()) {
            body.append("<tr><td>").append(esc(r.id())).append("</td><td>").append(r.state()).append("</td><td>")
                    .append(phaseBar(r.progress())).append("<div class=\"phase\">")
                    .append(esc(r.progress() == null ? "" : r.progress().text())).append("</div></td><td>")
                    .append(r.documentsEmbedded()).append("/").append(r.documents()).append("</td><td>")
                    .append(r.queriesEmbedded()).append("/").append(r.queries()).append("</td><td>")
                    .append(r.queriesSearched()).append("</td><td>").append(r.queriesPublished()).append("</td></tr>");
        }
        body.append("</table>").append(bar(run));
        String refresh = run.state().terminal() ? "" : "<meta http-equiv=\"refresh\" content=\"1\">";
        return page("Run " + id, refresh, body.toString());
    }

    /** {@code html} with {@code notice} first in its body (before everything when it has no body tag). */
    static String withNotice(String html, String notice) {
        if (notice.isEmpty()) {
            return html;
        }
        int body = html.indexOf("<body");
        int open = body < 0 ? -1 : html.indexOf('>', body);
        return open < 0 ? notice + html : html.substring(0, open + 1) + notice + html.substring(open + 1);
    }

    private String fetch(String id, String file) {
        return eval.fileText("/api/runs/", id, file).orElse(null);
    }

    /** The run's state; a waiting run with its place in line ({@code QUEUED (position 2 of 3)}). */
    public static String stateText(RunSnapshot run) {
        RunSnapshot.Queue q = run.queue();
        return q == null ? run.state().name() : run.state() + " (position " + q.position() + " of " + q.length() + ")";
    }

    /** Share of (retriever, query) results published. */
    static String bar(RunSnapshot run) {
        long total = run.retrievers().stream().mapToLong(RunSnapshot.RetrieverSnapshot::queries).sum();
        long done = run.retrievers().stream().mapToLong(RunSnapshot.RetrieverSnapshot::queriesPublished).sum();
        double pct = total == 0 ? 0 : 100.0 * done / total;
        return String.format(Locale.ROOT, "<div class=\"bar\" title=\"%.0f%%\"><div style=\"width:%.1f%%\"></div></div>",
                pct, pct);
    }

    /** The current phase of a run in words: the working retriever's progress, else the run's state. */
    static String phaseText(RunSnapshot run) {
        for (RunSnapshot.RetrieverSnapshot r : run.retrievers()) {
            boolean working = r.state() != RetrieverPhase.QUEUED && r.state() != RetrieverPhase.SEARCHED
                    && r.state() != RetrieverPhase.PUBLISHED && r.state() != RetrieverPhase.FAILED;
            if (working && r.progress() != null) {
                return r.id() + ": " + r.progress().text();
            }
        }
        if (run.state() == RunLifecycle.EVALUATING && run.evaluation() != null) {
            return "evaluating (" + run.evaluation().state() + ")";
        }
        return run.state().name().toLowerCase(Locale.ROOT);
    }

    /** Share of the current phase's items done (empty bar when the phase counts nothing). */
    static String phaseBar(PhaseProgress p) {
        double pct = p == null ? 0 : p.percent();
        return String.format(Locale.ROOT, "<div class=\"bar\" title=\"%.0f%%\"><div style=\"width:%.1f%%\"></div></div>",
                pct, pct);
    }

    /** A page in the gateway's style: the title, extra head elements (a refresh), the body. */
    public static String page(String title, String head, String body) {
        return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + esc(title) + "</title>" + head
                + STYLE + "</head><body>" + body + "</body></html>";
    }

    public static String esc(String s) {
        return s == null ? "" : HtmlText.escape(s);
    }
}
