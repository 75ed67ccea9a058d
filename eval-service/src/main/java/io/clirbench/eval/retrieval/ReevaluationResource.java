package io.clirbench.eval.retrieval;

import io.clirbench.eval.pipeline.EvaluationCost;
import io.clirbench.eval.pipeline.EvaluationKind;
import io.clirbench.eval.pipeline.EvaluationQueueStore;
import io.clirbench.eval.pipeline.EvaluationScheduler;
import io.clirbench.eval.pipeline.EvaluationState;
import io.clirbench.proto.events.v1.Retriever;
import io.clirbench.proto.events.v1.RunCompleted;
import io.clirbench.proto.events.v1.RunStarted;
import io.clirbench.service.rest.ApiException;
import io.clirbench.service.store.Database;
import io.quarkus.logging.Log;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;

/**
 * {@code POST /api/runs/{runId}/reevaluate}: evaluates a retrieval run again from the results already stored, without a
 * new search ("a failed evaluation loses nothing", issue 40). Allowed for a FAILED or COMPLETED run whose RunStarted and
 * RunCompleted (SUCCEEDED) are stored and whose results are complete; the run goes back to EVALUATING and into the
 * evaluation queue in one transaction that holds its row lock, and the new report replaces the old files when it is
 * stored ({@link io.clirbench.eval.pipeline.ReportFileStore#save}). Anything else is refused with nothing changed.
 */
@Path("/api/runs/{runId}/reevaluate")
public class ReevaluationResource {

    private final Database db;
    private final EvaluationStore runs;
    private final ResultStore results;
    private final EvaluationQueueStore queue;
    private final EvaluationScheduler scheduler;

    public ReevaluationResource(Database db, EvaluationStore runs, ResultStore results, EvaluationQueueStore queue,
                                EvaluationScheduler scheduler) {
        this.db = db;
        this.runs = runs;
        this.results = results;
        this.queue = queue;
        this.scheduler = scheduler;
    }

    /** 202 with the run, now EVALUATING; 404 for an unknown run; 409 naming the state or what is missing. */
    @POST
    @Produces(MediaType.APPLICATION_JSON)
    public Response reevaluate(@PathParam("runId") String runId) {
        EvaluationView view = db.inTransaction(c -> {
            // find first: lock() would create a PENDING row for an unknown id
            if (runs.find(c, runId).isEmpty()) {
                throw ApiException.notFound("unknown run '" + runId + "'");
            }
            RunRow row = runs.lock(c, runId, System.currentTimeMillis());
            String refusal = refusal(c, row);
            if (refusal != null) {
                throw ApiException.conflict("run '" + runId + "' cannot be evaluated again: " + refusal);
            }
            RunStarted started = Events.storedStarted(row.started());
            RunCompleted completed = Events.storedCompleted(row.completed());
            runs.setState(c, runId, EvaluationState.EVALUATING);
            if (queue.find(c, EvaluationKind.RETRIEVAL, runId).isEmpty()) {
                queue.enqueue(c, EvaluationKind.RETRIEVAL, runId, EvaluationCost.of(started, completed), System.currentTimeMillis());
            }
            return EvaluationViewMapper.toView(runs.find(c, runId).orElseThrow(), results.counts(c, runId, false));
        });
        scheduler.wake();
        Log.infof("run %s queued for evaluation again on request (it was stored complete; no new search)", runId);
        return Response.accepted(view).build();
    }

    /**
     * Why the run cannot be evaluated again, or {@code null}: it must be FAILED or COMPLETED with its RunStarted and a
     * RunCompleted SUCCEEDED stored, and every retriever not in failed_retrievers must have exactly the published number
     * of validated results. A private copy of the completeness rule of RunEventHandler's completeIfDone (which also
     * fails a run with too many results; here that is only a refusal).
     */
    private String refusal(Connection c, RunRow row) throws SQLException {
        EvaluationState state = row.state();
        if (state != EvaluationState.FAILED && state != EvaluationState.COMPLETED) {
            return "it is " + state + "; only a FAILED or COMPLETED run can be (" + switch (state) {
                case PENDING, RECEIVING -> "its events are still arriving: it is evaluated once they are all in";
                case EVALUATING -> "it is being evaluated now";
                default -> "a CANCELLED run has no complete results";
            } + ")";
        }
        if (row.started() == null) {
            return "it is " + state + " without a RunStarted (nothing to evaluate)";
        }
        if (row.completed() == null) {
            return "it is " + state + " before its RunCompleted arrived (the results may be incomplete)";
        }
        RunCompleted completed = Events.storedCompleted(row.completed());
        if (completed.getOutcome() != RunCompleted.Outcome.SUCCEEDED) {
            return "it is " + state + " and its RunCompleted says " + completed.getOutcome()
                    + " (only a run whose retrievers ran to the end has results to evaluate)";
        }
        Map<String, Integer> counts = results.counts(c, row.runId(), true);
        for (Retriever retriever : Events.storedStarted(row.started()).getRetrieversList()) {
            if (completed.containsFailedRetrievers(retriever.getId())) {
                continue;
            }
            int published = completed.getPublishedQueriesOrDefault(retriever.getId(), 0);
            int stored = counts.getOrDefault(retriever.getId(), 0);
            if (stored != published) {
                return "it is " + state + " and retriever '" + retriever.getId() + "' has " + stored
                        + " validated query results stored, but RunCompleted says " + published + " were published";
            }
        }
        return null;
    }
}
