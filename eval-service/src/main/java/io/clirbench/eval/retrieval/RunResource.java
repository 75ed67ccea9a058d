package io.clirbench.eval.retrieval;

import io.clirbench.core.report.ReportFiles;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.run.RankedList;
import io.clirbench.eval.pipeline.EvaluationKind;
import io.clirbench.eval.pipeline.ReportFileStore;
import io.clirbench.service.store.Database;
import io.clirbench.proto.events.v1.RunStarted;
import io.clirbench.service.rest.ApiException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Runs, their progress, report files, per-query results and TREC exports. */
@Path("/api/runs")
public class RunResource {

    private static final TypeReference<LinkedHashMap<String, Double>> VALUES = new TypeReference<>() { };

    private final Database db;
    private final EvaluationStore runs;
    private final ResultStore results;
    private final ReportFileStore reports;
    private final RunLists lists;
    private final DatasetCache datasets;
    private final ObjectMapper json;

    public RunResource(Database db, EvaluationStore runs, ResultStore results, ReportFileStore reports, RunLists lists,
                       DatasetCache datasets, ObjectMapper json) {
        this.db = db;
        this.runs = runs;
        this.results = results;
        this.reports = reports;
        this.lists = lists;
        this.datasets = datasets;
        this.json = json;
    }

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public List<EvaluationView> list() {
        return db.inTransaction(c -> {
            List<RunRow> rows = runs.list(c);
            Map<String, Map<String, Integer>> received = new LinkedHashMap<>();
            for (RunRow row : rows) {
                received.put(row.runId(), results.counts(c, row.runId(), false));
            }
            return EvaluationViewMapper.toViews(rows, received);
        });
    }

    @GET
    @Path("/{runId}")
    @Produces(MediaType.APPLICATION_JSON)
    public EvaluationView get(@PathParam("runId") String runId) {
        return db.inTransaction(c -> EvaluationViewMapper.toView(run(c, runId), results.counts(c, runId, false)));
    }

    @GET
    @Path("/{runId}/report")
    public Response report(@PathParam("runId") String runId) {
        return file(runId, ReportFiles.JSON);
    }

    @GET
    @Path("/{runId}/files/{name}")
    public Response file(@PathParam("runId") String runId, @PathParam("name") String name) {
        String content = db.inTransaction(c -> {
            RunRow run = run(c, runId);
            var found = reports.find(c, EvaluationKind.RETRIEVAL, runId, name);
            if (found.isEmpty()) {
                throw ApiException.notFound("run '" + runId + "' has no report file '" + name + "' (state " + run.state()
                        + "; files: " + reports.names(c, EvaluationKind.RETRIEVAL, runId) + ")");
            }
            return found.get();
        });
        return Response.ok(content, contentType(name)).build();
    }

    @GET
    @Path("/{runId}/retrievers/{retrieverId: .+}/queries/{queryId}")
    @Produces(MediaType.APPLICATION_JSON)
    public QueryView query(@PathParam("runId") String runId, @PathParam("retrieverId") String retrieverId,
                           @PathParam("queryId") String queryId) {
        ResultRow row = db.inTransaction(c -> {
            run(c, runId);
            return results.find(c, runId, retrieverId, queryId).orElseThrow(() -> ApiException.notFound("run '" + runId
                    + "' has no result of retriever '" + retrieverId + "' for query '" + queryId + "'"));
        });
        RankedList list = row.raw() ? ResultMapper.toList(Events.storedResult(row.result())) : storedList(runId, row);
        List<QueryView.HitView> hits = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            hits.add(new QueryView.HitView(i + 1, list.docIds()[i], list.scores()[i]));
        }
        return new QueryView(runId, retrieverId, queryId, !row.raw(), row.latency(), hits,
                values(row.valuesJson()), row.firstSame(), row.firstCross());
    }

    /** A validated row's list, its document indexes read with the run's dataset. */
    private RankedList storedList(String runId, ResultRow row) {
        RunStarted started = db.inTransaction(c -> Events.storedStarted(run(c, runId).started()));
        io.clirbench.core.eval.CorpusIds corpus = dataset(runId, started, "its stored results").corpusIds();
        return row.packed(corpus).toList(corpus::id);
    }

    @GET
    @Path("/{runId}/trec")
    @Produces(MediaType.TEXT_PLAIN)
    public Response trec(@PathParam("runId") String runId, @QueryParam("retriever") String retrieverId) {
        if (retrieverId == null || retrieverId.isBlank()) {
            throw ApiException.badRequest("query parameter 'retriever' is required (a retriever id of run '" + runId + "')");
        }
        RunStarted started = db.inTransaction(c -> {
            RunRow run = run(c, runId);
            if (run.started() == null) {
                throw new ApiException(409, "Conflict", "run '" + runId + "' has not started yet (no RunStarted received)");
            }
            return Events.storedStarted(run.started());
        });
        if (started.getRetrieversList().stream().noneMatch(r -> r.getId().equals(retrieverId))) {
            throw ApiException.notFound("run '" + runId + "' has no retriever '" + retrieverId + "'");
        }
        io.clirbench.core.eval.JudgedDataset dataset = dataset(runId, started, "its TREC run");
        StreamingOutput text = out -> lists.writeTrec(dataset, runId, retrieverId, out);
        return Response.ok(text, MediaType.TEXT_PLAIN_TYPE.withCharset("UTF-8")).build();
    }

    /** The run's dataset; 409 when its files changed or vanished (the stored report files stay readable). */
    private io.clirbench.core.eval.JudgedDataset dataset(String runId, RunStarted started, String what) {
        try {
            return datasets.load(started);
        } catch (io.clirbench.eval.retrieval.DatasetCache.Refused e) {
            // document ids are stored as indexes into the dataset's corpus, and TREC lists are ordered with its queries
            throw new ApiException(409, "Conflict", "run '" + runId + "': " + what + " needs the dataset it was evaluated on: "
                    + e.getMessage());
        }
    }

    private RunRow run(Connection c, String runId) throws SQLException {
        return runs.find(c, runId).orElseThrow(() -> ApiException.notFound("unknown run '" + runId + "'"));
    }

    private Map<String, Double> values(String valuesJson) {
        if (valuesJson == null) {
            return Map.of();
        }
        try {
            return json.readValue(valuesJson, VALUES);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored per-query values: " + e.getMessage(), e);
        }
    }

    private static String contentType(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".json")) {
            return MediaType.APPLICATION_JSON;
        }
        if (lower.endsWith(".md")) {
            return "text/markdown; charset=UTF-8";
        }
        if (lower.endsWith(".csv")) {
            return "text/csv; charset=UTF-8";
        }
        if (lower.endsWith(".html")) {
            return "text/html; charset=UTF-8";
        }
        return "text/plain; charset=UTF-8";
    }
}
