package io.clirbench.eval.evaluation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.eval.JudgedDataset;
import io.clirbench.eval.mapping.ResultMapper;
import io.clirbench.eval.store.ResultRow;
import io.clirbench.proto.events.v1.QueryResult;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;

/** The stored row of one result on arrival, scored by bench-core's {@link JudgedDataset#scoreQuery}. */
@ApplicationScoped
public class QueryScorer {

    private final ObjectMapper json = new ObjectMapper();

    /** The stored row of a validated result, with its values. */
    public ResultRow score(JudgedDataset dataset, int depth, QueryResult result, byte[] bytes) {
        JudgedDataset.QueryScore score = dataset.scoreQuery(ResultMapper.toList(result), depth);
        return new ResultRow(result.getRunId(), result.getRetrieverId(), result.getQueryId(), false, bytes,
                toJson(score.values()), score.firstSame(), score.firstCross());
    }

    private String toJson(Map<String, Double> values) {
        try {
            return json.writeValueAsString(values);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("per-query values as JSON: " + e.getMessage(), e);
        }
    }
}
