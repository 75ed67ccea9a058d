package io.clirbench.gateway.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.gateway.client.EvalClient;
import io.clirbench.gateway.error.RequestRejectedException;
import io.clirbench.gateway.retriever.RetrieverPhase;
import io.clirbench.service.rest.ApiException;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Evaluating a retrieval run again from the results the eval-service kept, without searching again ("a failed
 * evaluation loses nothing", issue 40): allowed for a COMPLETED or FAILED run that reached its evaluation (RunCompleted
 * SUCCEEDED published, then handed to the {@link EvalWatcher}); the eval-service's {@code POST /api/runs/{id}/reevaluate}
 * decides the rest (its results complete) and its 409 passes on. Nothing changes here before it has accepted.
 */
@ApplicationScoped
public class RunReevaluation {

    private static final String NOT_STARTED = "NOT_STARTED";

    private final EvalClient eval;
    private final ObjectMapper json;

    RunReevaluation(EvalClient eval, ObjectMapper json) {
        this.eval = eval;
        this.json = json;
    }

    /**
     * Checks the stored run and asks the eval-service to evaluate it again; returns the run's message while it is
     * evaluated. 409 for a run in another state or that never reached its evaluation, or when the eval-service refuses;
     * 503 when no eval-service replica can be reached.
     */
    public String start(RunSnapshot run) {
        String id = run.id();
        if (run.state() != RunLifecycle.COMPLETED && run.state() != RunLifecycle.FAILED) {
            throw RequestRejectedException.conflict("run '" + id + "' is " + run.state()
                    + "; only a COMPLETED or FAILED run can be evaluated again");
        }
        if (run.evaluation() == null || NOT_STARTED.equals(run.evaluation().state())) {
            throw RequestRejectedException.conflict("run '" + id + "' is " + run.state() + " before its evaluation: not all"
                    + " of its events were published (no RunCompleted SUCCEEDED), so there are no complete results to"
                    + " evaluate again; submit the run again");
        }
        HttpResponse<byte[]> answer;
        try {
            answer = eval.post(RunOrchestrator.EVAL_COLLECTION + EvalClient.encode(id) + "/reevaluate");
        } catch (IOException e) {
            throw new ApiException(503, "Service Unavailable", "eval-service at " + eval.base() + " cannot be reached ("
                    + io.clirbench.core.io.FailureMessage.of(e) + "); run '" + id + "' is unchanged (" + run.state() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException(503, "Service Unavailable", "interrupted; run '" + id + "' is unchanged");
        }
        int status = answer.statusCode();
        if (status == 202 || status == 200) {
            return message(run);
        }
        String detail = detail(answer.body());
        if (status == 409) {
            throw RequestRejectedException.conflict("the eval-service refuses to evaluate run '" + id + "' again: " + detail);
        }
        if (status == 404) {
            throw RequestRejectedException.conflict("the eval-service has no run '" + id + "' (its events never reached it),"
                    + " so it cannot evaluate it again: " + detail);
        }
        throw new ApiException(502, "Bad Gateway", "eval-service at " + eval.base() + " answered " + status
                + " to the re-evaluation of run '" + id + "': " + detail + "; run '" + id + "' is unchanged");
    }

    /**
     * The message while it is evaluated again, kept once it ends: a COMPLETED run keeps its own (a partial run's failed
     * retrievers); a FAILED one's says why the evaluation failed and is replaced, by the failed retrievers if any.
     */
    private static String message(RunSnapshot run) {
        if (run.state() == RunLifecycle.COMPLETED) {
            return run.message();
        }
        Map<String, String> failed = new LinkedHashMap<>();
        run.retrievers().stream().filter(r -> r.state() == RetrieverPhase.FAILED)
                .forEach(r -> failed.put(r.id(), "see the report's Failed retrievers section"));
        return failed.isEmpty() ? null : RunOrchestrator.partialMessage(failed);
    }

    /** The detail of the eval-service's problem+json, else its body (bounded). */
    private String detail(byte[] body) {
        String text = new String(body, java.nio.charset.StandardCharsets.UTF_8);
        try {
            JsonNode node = json.readTree(text);
            if (node != null && node.hasNonNull("detail")) {
                return node.get("detail").asText();
            }
        } catch (IOException e) {
            // not JSON: the body as it is
        }
        return text.length() > 500 ? text.substring(0, 500) : text.isBlank() ? "(no detail)" : text;
    }
}
