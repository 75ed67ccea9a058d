package io.clirbench.eval.evaluation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.metrics.StandardEvaluation;
import io.clirbench.core.metrics.StandardMeasures;
import io.clirbench.core.metrics.StandardResult;
import io.clirbench.core.metrics.language.QueryGold;
import io.clirbench.core.metrics.language.QueryOutcome;
import io.clirbench.core.run.RankedList;
import io.clirbench.eval.mapping.ResultMapper;
import io.clirbench.eval.store.ResultRow;
import io.clirbench.proto.events.v1.QueryResult;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The per-query values of one result on arrival: the §1 standard measures (the same code the
 * report uses, on that one query's grades) and the first same/cross-language gold ranks of §2.
 */
@ApplicationScoped
public class QueryScorer {

    /** The measures of the report ({@code bench eval}'s default set). */
    public static final StandardMeasures MEASURES = new StandardMeasures(StandardMeasures.DEFAULT_NAMES);

    private final ObjectMapper json = new ObjectMapper();

    /** The stored row of a validated result, with its values. */
    public ResultRow score(DatasetContext dataset, int depth, QueryResult result, byte[] bytes) {
        RankedList list = ResultMapper.toList(result);
        Map<String, Double> values = new LinkedHashMap<>();
        Map<String, Integer> grades = dataset.gradesByQuery().get(result.getQueryId());
        if (grades != null) {
            StandardEvaluation standard = new StandardEvaluation(MEASURES, Map.of(result.getQueryId(), grades));
            standard.accept(list);
            StandardResult scored = standard.finish();
            double[] perQuery = scored.perQuery().get(result.getQueryId());
            for (int i = 0; i < perQuery.length; i++) {
                values.put(scored.measureNames().get(i), perQuery[i]);
            }
        }
        Integer firstSame = null;
        Integer firstCross = null;
        QueryGold gold = dataset.goldByQuery().get(result.getQueryId());
        if (gold != null) {
            QueryOutcome outcome = QueryOutcome.of(gold, list, depth);
            firstSame = rank(outcome.firstSame());
            firstCross = rank(outcome.firstCross());
        }
        return new ResultRow(result.getRunId(), result.getRetrieverId(), result.getQueryId(), false, bytes,
                toJson(values), firstSame, firstCross);
    }

    private static Integer rank(int rank) {
        return rank == QueryOutcome.NOT_RETRIEVED ? null : rank;
    }

    private String toJson(Map<String, Double> values) {
        try {
            return json.writeValueAsString(values);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("per-query values as JSON: " + e.getMessage(), e);
        }
    }
}
