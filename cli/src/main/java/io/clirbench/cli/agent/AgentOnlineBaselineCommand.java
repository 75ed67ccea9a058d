package io.clirbench.cli.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bench agent baseline --run ID}: the scripted agent of {@code baseline-offline}, played against a live
 * agent run through a real MCP client: per question one {@code search} with the question, then an answer citing
 * every returned docid; then the run is closed. Same results as the offline one when the run's retriever is bm25.
 */
@Command(name = "baseline", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Play the scripted single-search agent against a gateway agent run over MCP (streamable HTTP): "
                + "one search per question, an answer citing its results, then close the run."})
public class AgentOnlineBaselineCommand implements Callable<Integer> {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Mixin
    AgentRunTarget target;

    @Override
    public Integer call() throws Exception {
        AgentRunClient client = target.client();
        String run = target.run();
        int answered = play(client, run);
        target.finish(client, answered);
        return 0;
    }

    /** Plays every question of the run; returns how many were answered. */
    static int play(AgentRunClient client, String runId) throws Exception {
        JsonNode questions = client.run(runId).path("questions");
        int n = 0;
        for (JsonNode q : questions) {
            String queryId = q.path("queryId").asText();
            try (McpSearchClient mcp = McpSearchClient.connect(client.baseUrl(), runId, queryId, client.token())) {
                List<String> docids = new ArrayList<>();
                for (JsonNode hit : JSON.readTree(mcp.search(q.path("query").asText()))) {
                    docids.add(hit.path("docid").asText());
                }
                client.answer(runId, queryId, OfflineBaselineAgent.answer(docids), null);
                n++;
            }
        }
        return n;
    }
}
