package io.clirbench.core.leaderboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The systems of one run's {@code report.json}: for each {@code runs[]} entry (one per retriever, named by its id) the
 * per-query values {@code standard.measureNames} / {@code standard.perQuery}, with the report's {@code dataset.hash}.
 * Only those fields are read, so reports of older and newer versions serve as long as they have them; a report
 * without them is an {@link IllegalArgumentException} naming the run and the field.
 */
public final class ReportSystems {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ReportSystems() {
    }

    /** The systems of run {@code runId}'s report. */
    public static List<LeaderboardSystem> read(String runId, byte[] reportJson) {
        JsonNode report;
        try {
            report = JSON.readTree(reportJson);
        } catch (IOException e) {
            throw new IllegalArgumentException("run " + runId + ": report.json is not JSON: " + e.getMessage(), e);
        }
        JsonNode hash = report.path("dataset").path("hash");
        String datasetHash = hash.isTextual() ? hash.asText() : null;
        JsonNode runs = report.path("runs");
        if (!runs.isArray()) {
            throw new IllegalArgumentException("run " + runId + ": report.json has no array 'runs'");
        }
        List<LeaderboardSystem> systems = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            JsonNode run = runs.get(i);
            String field = "runs[" + i + "]";
            String name = text(runId, run.path("name"), field + ".name");
            systems.add(system(runId, name, datasetHash, run.path("standard"), field + ".standard"));
        }
        return systems;
    }

    private static LeaderboardSystem system(String runId, String name, String datasetHash, JsonNode standard,
                                            String field) {
        JsonNode names = standard.path("measureNames");
        JsonNode perQuery = standard.path("perQuery");
        if (!names.isArray() || !perQuery.isObject()) {
            throw new IllegalArgumentException("run " + runId + ": report.json " + field
                    + " needs an array 'measureNames' and an object 'perQuery'");
        }
        List<String> measures = new ArrayList<>();
        for (int m = 0; m < names.size(); m++) {
            measures.add(text(runId, names.get(m), field + ".measureNames[" + m + "]"));
        }
        Map<String, double[]> values = new LinkedHashMap<>();
        for (Map.Entry<String, JsonNode> query : perQuery.properties()) {
            String at = field + ".perQuery." + query.getKey();
            JsonNode row = query.getValue();
            if (!row.isArray() || row.size() != measures.size()) {
                throw new IllegalArgumentException("run " + runId + ": report.json " + at + " must be an array of "
                        + measures.size() + " numbers, one per measure, got " + row);
            }
            double[] v = new double[row.size()];
            for (int m = 0; m < v.length; m++) {
                if (!row.get(m).isNumber()) {
                    throw new IllegalArgumentException("run " + runId + ": report.json " + at + "[" + m + "] ("
                            + measures.get(m) + ") is not a number: " + row.get(m));
                }
                v[m] = row.get(m).asDouble();
            }
            values.put(query.getKey(), v);
        }
        return new LeaderboardSystem(runId, name, datasetHash, measures, values);
    }

    private static String text(String runId, JsonNode node, String field) {
        if (!node.isTextual()) {
            throw new IllegalArgumentException("run " + runId + ": report.json " + field + " must be a string, got "
                    + (node.isMissingNode() ? "none" : node));
        }
        return node.asText();
    }
}
