package io.clirbench.eval.retrieval;

import io.clirbench.proto.events.v1.Retriever;
import io.clirbench.proto.events.v1.RunCompleted;
import io.clirbench.proto.events.v1.RunStarted;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Stored runs to their REST view. */
public final class EvaluationViewMapper {

    private EvaluationViewMapper() {
    }

    /** {@code received}: retriever id to results stored; retrievers are RunStarted's, in its order, then any others. */
    public static EvaluationView toView(RunRow row, Map<String, Integer> received) {
        RunStarted started = row.started() == null ? null : Events.storedStarted(row.started());
        RunCompleted completed = row.completed() == null ? null : Events.storedCompleted(row.completed());
        Map<String, EvaluationView.RetrieverView> retrievers = new LinkedHashMap<>();
        if (started != null) {
            for (Retriever r : started.getRetrieversList()) {
                retrievers.put(r.getId(), view(r.getId(), received, started.getExpectedQueries(), completed));
            }
        }
        received.keySet().forEach(id -> retrievers.computeIfAbsent(id, k -> view(k, received, null, completed)));
        return new EvaluationView(row.runId(), started == null ? null : started.getDatasetId(),
                started == null ? null : started.getDatasetVersion(), row.state().name(),
                started == null ? null : started.getDepth(), new ArrayList<>(retrievers.values()), row.message(),
                instant(row.createdAt()), row.completedAt() == null ? null : instant(row.completedAt()), row.evaluationMillis());
    }

    private static EvaluationView.RetrieverView view(String id, Map<String, Integer> received, Integer expected, RunCompleted completed) {
        Integer published = completed == null ? null : completed.getPublishedQueriesOrDefault(id, 0);
        return new EvaluationView.RetrieverView(id, received.getOrDefault(id, 0), expected, published);
    }

    private static String instant(long epochMillis) {
        return Instant.ofEpochMilli(epochMillis).toString();
    }

    /** Run views in the given order. */
    public static List<EvaluationView> toViews(List<RunRow> rows, Map<String, Map<String, Integer>> receivedByRun) {
        return rows.stream().map(r -> toView(r, receivedByRun.getOrDefault(r.runId(), Map.of()))).toList();
    }
}
