package io.clirbench.eval.qa;

import io.clirbench.core.qa.format.PredictionWriter;
import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.core.report.ReportFiles;
import io.clirbench.eval.pipeline.EvaluationKind;
import io.clirbench.eval.pipeline.EvaluationState;
import io.clirbench.eval.pipeline.ReportFileStore;
import io.clirbench.service.rest.ApiException;
import io.clirbench.service.store.Database;
import io.clirbench.proto.qa.v1.QaRunStarted;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** QA runs: state with per-system counts, report, files, per-instance values and the stored predictions as XHotpotQA JSONL. */
@Path("/api/qa-runs")
@Produces(MediaType.APPLICATION_JSON)
public class QaRunResource {

    private final Database db;
    private final QaStore store;
    private final ReportFileStore files;

    public QaRunResource(Database db, QaStore store, ReportFileStore files) {
        this.db = db;
        this.store = store;
        this.files = files;
    }

    @GET
    @Path("/{id}")
    public Map<String, Object> status(@PathParam("id") String id) {
        return db.inTransaction(c -> {
            QaStore.Run run = store.find(c, id).orElseThrow(() -> ApiException.notFound("no QA run '" + id + "'"));
            QaRunStarted started = QaEventHandler.startedOf(run.started());
            var completed = run.completed() == null ? null : QaEventHandler.completedOf(run.completed());
            Map<String, Integer> counts = store.counts(c, id);
            List<Map<String, Object>> systems = new ArrayList<>();
            for (String s : started.getSystemsList()) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("system", s);
                m.put("expected", started.getExpectedInstances());
                m.put("received", counts.getOrDefault(s, 0));
                m.put("published", completed == null ? null : completed.getPublishedOrDefault(s, 0));
                systems.add(m);
            }
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("runId", id);
            out.put("state", run.state().name());
            out.put("message", run.message());
            out.put("dataset", started.getDatasetId());
            out.put("evaluationMillis", run.evaluationMillis());
            out.put("systems", systems);
            return out;
        });
    }

    @GET
    @Path("/{id}/report")
    public Response report(@PathParam("id") String id) {
        return file(id, ReportFiles.JSON);
    }

    @GET
    @Path("/{id}/instances")
    @Produces("text/csv")
    public Response instances(@PathParam("id") String id) {
        return file(id, ReportFiles.PER_EXAMPLE_CSV);
    }

    @GET
    @Path("/{id}/files/{name}")
    @Produces(MediaType.WILDCARD)
    public Response file(@PathParam("id") String id, @PathParam("name") String name) {
        String content = db.inTransaction(c -> {
            QaStore.Run run = store.find(c, id).orElseThrow(() -> ApiException.notFound("no QA run '" + id + "'"));
            return files.find(c, EvaluationKind.QA, id, name).orElseThrow(() -> ApiException.notFound("QA run '" + id + "' ("
                    + run.state() + ") has no file '" + name + "'" + (run.state() == EvaluationState.COMPLETED ? "" : " yet")));
        });
        return Response.ok(content, type(name)).build();
    }

    @GET
    @Path("/{id}/predictions")
    @Produces("application/x-ndjson")
    public Response predictions(@PathParam("id") String id, @QueryParam("system") String system) {
        List<QaPrediction> predictions = db.inTransaction(c -> {
            QaStore.Run run = store.find(c, id).orElseThrow(() -> ApiException.notFound("no QA run '" + id + "'"));
            if (!QaEventHandler.startedOf(run.started()).getSystemsList().contains(system)) {
                throw ApiException.notFound("QA run '" + id + "' has no system '" + system + "'");
            }
            List<QaPrediction> out = new ArrayList<>();
            for (byte[] b : store.predictions(c, id, system)) {
                out.add(QaReportBuilder.prediction(QaEventHandler.predictionOf(b)));
            }
            return out;
        });
        return Response.ok(PredictionWriter.text(predictions), "application/x-ndjson").build();
    }

    private static String type(String name) {
        if (name.endsWith(".json")) {
            return MediaType.APPLICATION_JSON;
        }
        if (name.endsWith(".html")) {
            return MediaType.TEXT_HTML + ";charset=utf-8";
        }
        if (name.endsWith(".csv")) {
            return "text/csv;charset=utf-8";
        }
        return MediaType.TEXT_PLAIN + ";charset=utf-8";
    }
}
