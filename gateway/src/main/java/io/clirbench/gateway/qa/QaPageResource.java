package io.clirbench.gateway.qa;

import static io.clirbench.gateway.page.PageResource.esc;
import static io.clirbench.gateway.page.PageResource.stateText;

import io.clirbench.core.report.ReportFiles;
import io.clirbench.gateway.client.EvalClient;
import io.clirbench.gateway.run.RunDirectory;
import io.clirbench.gateway.run.RunLifecycle;
import io.clirbench.gateway.run.RunSnapshot;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Locale;
import java.util.Optional;

/**
 * The page of a QA run: once evaluated, the report.html the eval-service rendered with bench qa eval's code (tables per
 * condition and script relation with intervals, the heat-map); before, the run's progress, refreshed every 2 s.
 */
@Path("/qa-runs")
public class QaPageResource {

    private final RunDirectory runs;
    private final EvalClient eval;

    QaPageResource(QaRunService runs, EvalClient eval) {
        this.runs = runs.runs();
        this.eval = eval;
    }

    @GET
    @Path("{id}")
    @Produces(MediaType.TEXT_HTML)
    public String page(@PathParam("id") String id) {
        RunSnapshot run = runs.get(id);
        if (run.state() == RunLifecycle.COMPLETED) {
            Optional<String> report = eval.fileText(QaRunOrchestrator.EVAL_COLLECTION, id, ReportFiles.HTML);
            if (report.isPresent()) {
                return report.get();
            }
        }
        StringBuilder rows = new StringBuilder();
        for (RunSnapshot.RetrieverSnapshot s : run.retrievers()) {
            rows.append(String.format(Locale.ROOT, "<tr><td>%s</td><td>%s</td><td>%d/%d</td><td>%d/%d</td></tr>", esc(s.id()),
                    s.state(), s.documentsEmbedded(), s.documents(), s.queriesPublished(), s.queries()));
        }
        String refresh = run.state().terminal() ? "" : "<meta http-equiv=\"refresh\" content=\"2\">";
        return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">" + refresh + "<title>QA run " + esc(id)
                + "</title></head><body><h1>QA run " + esc(id) + "</h1><p>dataset " + esc(run.dataset()) + ", state " + stateText(run)
                + (run.message() == null ? "" : ": " + esc(run.message())) + "</p><table><tr><th>system</th><th>state</th>"
                + "<th>texts embedded</th><th>predictions published</th></tr>" + rows + "</table></body></html>";
    }
}
