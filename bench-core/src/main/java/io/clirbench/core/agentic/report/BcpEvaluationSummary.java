package io.clirbench.core.agentic.report;

import io.clirbench.core.agentic.eval.AgentQueryScore;
import io.clirbench.core.agentic.eval.RunScores;
import io.clirbench.core.agentic.eval.RunSummary;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * BrowseComp-Plus's {@code evaluation_summary.json} (its {@code evaluate_run.py} schema), so existing leaderboards
 * can take our results: {@code LLM}, {@code Accuracy (%)}, {@code Recall (%)}, {@code avg_tool_stats},
 * {@code Calibration Error (%)}, {@code Retriever}, {@code Link}, {@code Evaluation Date}, {@code per_query_metrics}.
 * Percentages are rounded to 2 decimals as Python's {@code round} does (half-even on the exact binary value).
 */
public final class BcpEvaluationSummary {

    /** BrowseComp-Plus's placeholder for fields the submitter fills in. */
    public static final String CHANGE_ME = "change me when submitting";

    private BcpEvaluationSummary() {
    }

    /** The summary object, fields in BrowseComp-Plus's order. */
    public static Map<String, Object> of(RunScores scores, RunSummary summary, String date) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("LLM", summary.model() == null ? CHANGE_ME : summary.model());
        out.put("Accuracy (%)", round2(summary.accuracy() * 100.0));
        out.put("Recall (%)", summary.evidenceRecall() == null ? null : round2(summary.evidenceRecall() * 100.0));
        out.put("avg_tool_stats", summary.avgToolStats());
        out.put("Calibration Error (%)", summary.calibrationError() == null ? null : round2(summary.calibrationError()));
        out.put("Retriever", CHANGE_ME);
        out.put("Link", CHANGE_ME);
        out.put("Evaluation Date", date);
        List<Map<String, Object>> perQuery = new ArrayList<>();
        for (AgentQueryScore q : scores.queries()) {
            if (!q.hasRun()) {
                continue;
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("query_id", q.queryId());
            row.put("correct", q.correct());
            row.put("recall", q.evidenceRecall() == null ? null : round2(q.evidenceRecall() * 100.0));
            perQuery.add(row);
        }
        out.put("per_query_metrics", perQuery);
        return out;
    }

    /** Python's {@code round(x, 2)}: half-even on the exact decimal expansion of the double. */
    public static double round2(double value) {
        return new BigDecimal(value).setScale(2, RoundingMode.HALF_EVEN).doubleValue();
    }
}
