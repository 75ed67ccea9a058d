package io.clirbench.gateway.agent;

import static io.clirbench.gateway.page.PageResource.esc;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.report.ReportFiles;
import io.clirbench.core.run.RunState;
import io.clirbench.gateway.client.EvalClient;
import io.clirbench.gateway.page.PageResource;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Locale;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The page of an agent run: its live counts (calls and answers the gateway published, what the eval-service has
 * received), refreshed every 2 s until the run is closed and evaluated, and then the agentic report the
 * eval-service rendered with {@code bench agent eval}'s code (per configuration and per evidence language with
 * intervals, the reliability diagram, the search-call histogram), with the final counts on top.
 */
@Path("/agent-runs")
@Tag(name = "pages")
public class AgentPageResource {

    /** The eval-service's collection of agent runs. */
    static final String EVAL_COLLECTION = "/api/agent-runs/";
    private static final String MAIN = "<main>";
    private static final String REFRESH = "<meta http-equiv=\"refresh\" content=\"2\">";

    private final AgentSessions sessions;
    private final EvalClient eval;

    AgentPageResource(AgentSessions sessions, EvalClient eval) {
        this.sessions = sessions;
        this.eval = eval;
    }

    @GET
    @Path("{id}")
    @Produces(MediaType.TEXT_HTML)
    @Operation(summary = "One agent run (HTML): live counts, then the agentic report once closed and evaluated")
    public String page(@PathParam("id") String id,
            @jakarta.ws.rs.QueryParam("refresh") @jakarta.ws.rs.DefaultValue("on") String refresh) {
        AgentRunView run = sessions.view(id, false);
        Optional<JsonNode> received = eval.view(EVAL_COLLECTION, id);
        String evalState = received.map(v -> v.path("state").asText("")).orElse("");
        boolean evaluated = RunState.COMPLETED.is(evalState) || RunState.FAILED.is(evalState);
        Optional<String> report = RunState.COMPLETED.is(evalState) ? eval.fileText(EVAL_COLLECTION, id, ReportFiles.HTML) : Optional.empty();
        String counts = counts(run, received);
        int main = report.map(html -> html.indexOf(MAIN)).orElse(-1);
        if (main >= 0) {
            int at = main + MAIN.length();
            return report.get().substring(0, at) + "\n" + counts + report.get().substring(at);
        }
        String note = RunState.FAILED.is(evalState)
                ? "<p class=\"phase\">The eval-service could not build the report: "
                        + esc(received.get().path("message").asText("")) + "</p>"
                : "<p class=\"phase\">The report appears here once the run is closed and the eval-service has every call "
                        + "and answer it counts.</p>";
        // refresh=off: the same page without the 2 s refresh (to print it, or for a browser that must settle)
        boolean live = !(RunState.CLOSED.is(run.state()) && evaluated) && !"off".equals(refresh);
        return PageResource.page("Agent run " + id, live ? REFRESH : "", counts + note);
    }

    /** The run's settings and counts; ids on the cells that change so that a test (or a script) can read them. */
    static String counts(AgentRunView run, Optional<JsonNode> received) {
        String atEval = received.map(v -> String.format(Locale.ROOT, "%s: %d calls, %d answers received",
                v.path("state").asText(""), v.path("calls").asInt(), v.path("answers").asInt())).orElse("not yet seen");
        return "<section id=\"live\"><h1>Agent run " + esc(run.id()) + "</h1><p>Task " + esc(run.task()) + ", configuration <b>"
                + esc(run.configuration()) + "</b>, retriever <b>" + esc(run.retriever()) + "</b>, k " + run.k() + ", snippets of "
                + run.snippetTokens() + " tokens. MCP: <code>" + esc(run.mcp()) + "</code></p>"
                // in the report's .scroll box: its cells do not wrap (HtmlReport.CSS), a narrow window scrolls the table
                + "<div class=\"scroll\"><table><thead><tr><th>state</th><th>questions</th><th>calls</th><th>answers</th><th>serving per call</th>"
                + "<th>publishing per call</th><th>eval-service</th></tr></thead><tbody><tr>"
                + cell("state", run.state()) + cell("questions", Integer.toString(run.queries()))
                + cell("calls", Integer.toString(run.calls())) + cell("answers", Integer.toString(run.answers()))
                + cell("serving", perCall(run.serveMicros(), run.calls())) + cell("publishing", perCall(run.publishMicros(), run.calls()))
                + cell("eval", atEval) + "</tr></tbody></table></div></section>";
    }

    private static String cell(String id, String text) {
        return "<td id=\"" + id + "\">" + esc(text) + "</td>";
    }

    private static String perCall(long micros, int calls) {
        return calls == 0 ? "" : String.format(Locale.ROOT, "%.2f ms", micros / 1000.0 / calls);
    }
}
