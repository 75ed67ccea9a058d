package io.clirbench.eval.retrieval;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.eval.JudgedDataset;
import io.clirbench.core.run.PackedList;
import io.clirbench.core.run.RankedList;
import io.clirbench.proto.events.v1.QueryResult;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;

/**
 * A query result to its stored row: its hits in trec_eval's order, packed against the dataset's corpus
 * ({@link PackedList}), plus the values of bench-core {@link JudgedDataset#scoreQuery} (the service scores nothing itself).
 */
@ApplicationScoped
public class ResultRowMapper {

    private final ObjectMapper json = new ObjectMapper();

    /** The stored row of a validated result, with its values. */
    public ResultRow score(JudgedDataset dataset, int depth, QueryResult result) {
        RankedList list = ResultMapper.toList(result);
        JudgedDataset.QueryScore score = dataset.scoreQuery(list, depth);
        byte[] hits = PackedList.of(list, dataset.corpusIds()::indexOf).toBytes();
        return new ResultRow(result.getRunId(), result.getRetrieverId(), result.getQueryId(), false, null, hits,
                result.getLatencyMicros(), toJson(score.values()), score.firstSame(), score.firstCross());
    }

    private String toJson(Map<String, Double> values) {
        try {
            return json.writeValueAsString(values);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("per-query values as JSON: " + e.getMessage(), e);
        }
    }
}
