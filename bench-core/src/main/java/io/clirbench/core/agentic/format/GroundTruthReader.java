package io.clirbench.core.agentic.format;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.Problems;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** BrowseComp-Plus ground truth JSONL: {@code {"query_id", "query", "answer"}} per line (questions taken as English). */
public final class GroundTruthReader {

    private GroundTruthReader() {
    }

    /** Reads and validates the whole file; problems name file, line and field. */
    public static List<GroundTruth> read(Path path) {
        String file = path.getFileName().toString();
        Problems problems = new Problems();
        List<GroundTruth> out = new ArrayList<>();
        Map<String, Integer> firstLine = new HashMap<>();
        JsonValues.forEachJsonLine(path, file, problems, (number, text, node) -> {
            String id = AgentJson.id(node.get("query_id"));
            if (id == null || id.isEmpty()) {
                problems.add(file, number, "missing or invalid field 'query_id'");
                return;
            }
            if (firstLine.containsKey(id)) {
                problems.add(file, number, "query_id '" + id + "' repeats line " + firstLine.get(id));
                return;
            }
            firstLine.put(id, number);
            JsonNode query = node.get("query");
            JsonNode answer = node.get("answer");
            if (query == null || !query.isTextual()) {
                problems.add(file, number, "missing or non-string field 'query' (query_id '" + id + "')");
            } else if (answer == null || !answer.isTextual()) {
                problems.add(file, number, "missing or non-string field 'answer' (query_id '" + id + "')");
            } else {
                out.add(new GroundTruth(id, query.textValue(), answer.textValue(), "en"));
            }
        });
        if (problems.isEmpty() && out.isEmpty()) {
            problems.add(file, "no questions");
        }
        problems.throwIfAny();
        return out;
    }
}
