package io.clirbench.eval.qa;

import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.eval.pipeline.EvaluationCost;
import io.clirbench.eval.pipeline.EvaluationKind;
import io.clirbench.eval.pipeline.EvaluationState;
import io.clirbench.eval.pipeline.PillarEvaluation;
import io.clirbench.service.store.Database;
import io.clirbench.proto.qa.v1.QaRunStarted;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The QA pillar's evaluation ({@link PillarEvaluation}): the stored predictions of every system, in run order, scored
 * by {@link QaReportBuilder} (the code of {@code bench qa eval}). The pipeline claims, stores and ends it.
 */
@ApplicationScoped
public class QaRunEvaluation implements PillarEvaluation {

    private final Database db;
    private final QaStore store;

    public QaRunEvaluation(Database db, QaStore store) {
        this.db = db;
        this.store = store;
    }

    @Override
    public EvaluationKind kind() {
        return EvaluationKind.QA;
    }

    @Override
    public void lock(Connection c, String runId) throws SQLException {
        store.lock(c, runId).orElseThrow(() -> new IllegalStateException("no QA run '" + runId + "'"));
    }

    @Override
    public Map<String, String> render(String runId) {
        Map<String, Map<String, QaPrediction>> bySystem = new LinkedHashMap<>();
        QaRunStarted started = db.inTransaction(c -> {
            QaRunStarted s = QaEventHandler.startedOf(store.find(c, runId).orElseThrow().started());
            for (String system : s.getSystemsList()) {
                Map<String, QaPrediction> predictions = new LinkedHashMap<>();
                for (byte[] b : store.predictions(c, runId, system)) {
                    QaPrediction p = QaReportBuilder.prediction(QaEventHandler.predictionOf(b));
                    predictions.put(p.id(), p);
                }
                bySystem.put(system, predictions);
            }
            return s;
        });
        return QaReportBuilder.build(started, bySystem);
    }

    @Override
    public boolean finish(Connection c, String runId, EvaluationState to, String message, Long evaluationMillis)
            throws SQLException {
        return store.setState(c, runId, EvaluationState.EVALUATING, to, message, evaluationMillis);
    }

    @Override
    public List<String> evaluating(Connection c) throws SQLException {
        return store.inState(c, EvaluationState.EVALUATING);
    }

    /** The stored predictions over every system, resampled B times. */
    @Override
    public long cost(Connection c, String runId) throws SQLException {
        QaRunStarted started = QaEventHandler.startedOf(store.find(c, runId).orElseThrow().started());
        long predictions = store.counts(c, runId).values().stream().mapToLong(Integer::longValue).sum();
        return EvaluationCost.of(predictions, started.getBootstrap());
    }
}
