package io.clirbench.gateway.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.gateway.client.EvalClient;
import io.clirbench.gateway.error.InvalidField;
import io.clirbench.gateway.error.RequestRejectedException;
import io.clirbench.service.rest.ApiException;
import io.clirbench.gateway.run.RunEndpoints;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An agent run's files as the eval-service stored them once the run was closed and evaluated (report.json,
 * report.html, ..., {@code RUN/evaluation_summary.json}, the run directory {@code run/run_QUERY.json}): their names
 * and each one, proxied. Only the names the eval-service lists for the run are fetched.
 */
@ApplicationScoped
public class AgentRunFiles {

    private final AgentSessions sessions;
    private final EvalClient eval;
    private final ObjectMapper json = new ObjectMapper();

    AgentRunFiles(AgentSessions sessions, EvalClient eval) {
        this.sessions = sessions;
        this.eval = eval;
    }

    /** The names of the run's files; none until the eval-service has evaluated it. 404 for a run the gateway never had. */
    public List<String> names(String runId) {
        sessions.spec(runId);
        HttpResponse<byte[]> r = get(AgentPageResource.EVAL_COLLECTION + EvalClient.encode(runId));
        if (r.statusCode() == 404) {
            return List.of();
        }
        if (r.statusCode() != 200) {
            throw new ApiException(502, "Bad Gateway", "eval-service answered " + r.statusCode() + " for agent run " + runId);
        }
        List<String> names = new ArrayList<>();
        try {
            json.readTree(r.body()).path("files").forEach((JsonNode n) -> names.add(n.asText()));
        } catch (IOException e) {
            throw new ApiException(502, "Bad Gateway", "eval-service answered no JSON for agent run " + runId);
        }
        return List.copyOf(names);
    }

    /** One file of the run; a name the eval-service does not list for it is a 400 naming it. */
    public Response file(String runId, String name) {
        if (!names(runId).contains(name)) {
            throw RequestRejectedException.invalid("agent run '" + runId + "' has no file '" + name + "'",
                    List.of(new InvalidField("name", name, "not a file of this run (GET /api/agent-runs/" + runId
                            + "/files lists them once the run is closed and evaluated)")));
        }
        String path = Arrays.stream(name.split("/", -1)).map(EvalClient::encode).collect(Collectors.joining("/"));
        return RunEndpoints.proxied(eval, AgentPageResource.EVAL_COLLECTION + EvalClient.encode(runId) + "/files/" + path);
    }

    private HttpResponse<byte[]> get(String path) {
        try {
            return eval.get(path);
        } catch (IOException e) {
            throw new ApiException(502, "Bad Gateway", "eval-service at " + eval.base() + " is not reachable: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ApiException(503, "Service Unavailable", "interrupted");
        }
    }
}
