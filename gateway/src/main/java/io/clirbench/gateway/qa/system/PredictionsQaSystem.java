package io.clirbench.gateway.qa.system;

import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.core.qa.select.PredictionsId;
import io.clirbench.core.qa.select.QaSystemId;
import io.clirbench.gateway.qa.PredictionUploads;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.Optional;

/**
 * {@code predictions:NAME}: publishes an uploaded prediction file as a system, so the platform stores, reports and
 * compares a user's own reader. An instance the file does not predict is not published: the eval-service scores
 * it as missing (METRICS.md §4), exactly as {@code bench qa eval} does with the file.
 */
@ApplicationScoped
public class PredictionsQaSystem implements QaSystem {

    private final PredictionUploads uploads;

    PredictionsQaSystem(PredictionUploads uploads) {
        this.uploads = uploads;
    }

    @Override
    public String kind() {
        return QaSystemId.PREDICTIONS;
    }

    @Override
    public Optional<String> problem(QaSystemId id) {
        return uploads.exists(name(id)) ? Optional.empty()
                : Optional.of("no uploaded prediction file '" + name(id) + "' (PUT /api/qa-predictions/" + name(id) + ")");
    }

    @Override
    public void predict(QaSystemId id, QaTask task) throws InterruptedException {
        Map<String, QaPrediction> byId = uploads.read(name(id)).orElseThrow(
                () -> new IllegalStateException("uploaded prediction file '" + name(id) + "' disappeared"));
        for (QaInstance instance : task.instances()) {
            task.checkCancelled();
            QaPrediction p = byId.get(instance.id());
            if (p != null) {
                task.publish(p, 0);
            }
        }
    }

    private static String name(QaSystemId id) {
        return ((PredictionsId) id).name();
    }
}
