package io.clirbench.eval.qa;

import com.google.protobuf.InvalidProtocolBufferException;
import io.clirbench.core.qa.eval.Protocol;
import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.eval.evaluation.PoisonEventException;
import io.clirbench.service.store.Database;
import io.clirbench.proto.qa.v1.QaEvent;
import io.clirbench.proto.qa.v1.QaRunCompleted;
import io.clirbench.proto.qa.v1.QaRunStarted;
import io.quarkus.logging.Log;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Applies QA events, one transaction each, idempotently: an identical redelivery changes nothing; a conflicting
 * duplicate, an event of an unknown run, system or instance, or a prediction after the run was complete is poison.
 * When QaRunCompleted (SUCCEEDED) is in and every system has exactly its published count, the run moves to
 * EVALUATING and its report is built; a run left EVALUATING by a crash is evaluated again at start.
 */
@ApplicationScoped
public class QaEventHandler {

    private final Database db;
    private final QaStore store;
    private final Map<String, Set<String>> instanceIds = new ConcurrentHashMap<>();

    public QaEventHandler(Database db, QaStore store) {
        this.db = db;
        this.store = store;
    }

    void onStart(@Observes StartupEvent event) {
        for (String runId : db.inTransaction(c -> store.inState(c, "EVALUATING"))) {
            Log.infof("QA run %s was EVALUATING when the eval-service stopped: evaluating again", runId);
            evaluate(runId);
        }
    }

    public synchronized void onEvent(byte[] bytes) {
        QaEvent event;
        try {
            event = QaEvent.parseFrom(bytes == null ? new byte[0] : bytes);
        } catch (InvalidProtocolBufferException e) {
            throw new PoisonEventException("not a QaEvent protobuf: " + e.getMessage());
        }
        switch (event.getKindCase()) {
            case STARTED -> onStarted(event.getStarted());
            case PREDICTION -> onPrediction(event.getPrediction());
            case COMPLETED -> onCompleted(event.getCompleted());
            default -> throw new PoisonEventException("QaEvent without a kind (started, prediction or completed)");
        }
    }

    private void onStarted(QaRunStarted started) {
        if (started.getRunId().isBlank() || started.getSystemsCount() == 0 || started.getDatasetLocation().isBlank()) {
            throw new PoisonEventException("QaRunStarted needs run_id, systems and dataset_location: " + started);
        }
        try {
            Protocol.parse(started.getProtocol());
        } catch (RuntimeException e) {
            throw new PoisonEventException("QaRunStarted of run '" + started.getRunId() + "': " + e.getMessage());
        }
        db.inTransaction(c -> {
            var row = store.find(c, started.getRunId());
            if (row.isPresent()) {
                if (startedOf(row.get().started()).equals(started)) {
                    return null;
                }
                throw new PoisonEventException("conflicting QaRunStarted for run '" + started.getRunId() + "': it already started with other settings");
            }
            ids(started); // the dataset must be readable and valid before the run is accepted
            store.insert(c, started.getRunId(), started.toByteArray());
            return null;
        });
    }

    private void onPrediction(io.clirbench.proto.qa.v1.QaPrediction p) {
        String runId = p.getRunId();
        boolean complete = db.inTransaction(c -> {
            QaStore.Run row = store.find(c, runId).orElseThrow(() -> new PoisonEventException(
                    "QaPrediction of run '" + runId + "' before its QaRunStarted (unknown run)"));
            var existing = store.prediction(c, runId, p.getSystem(), p.getInstanceId());
            if (existing.isPresent()) {
                if (predictionOf(existing.get()).equals(p)) {
                    return false;
                }
                throw new PoisonEventException("conflicting duplicate QaPrediction of run '" + runId + "' system '" + p.getSystem()
                        + "' instance '" + p.getInstanceId() + "': it differs from the one stored");
            }
            QaRunStarted started = startedOf(row.started());
            if (!started.getSystemsList().contains(p.getSystem())) {
                throw new PoisonEventException("QaPrediction of run '" + runId + "': unknown system '" + p.getSystem() + "' (run systems: "
                        + started.getSystemsList() + ")");
            }
            if (!ids(started).contains(p.getInstanceId())) {
                throw new PoisonEventException("QaPrediction of run '" + runId + "': instance '" + p.getInstanceId()
                        + "' is not in dataset '" + started.getDatasetId() + "'");
            }
            if (!row.state().equals("RECEIVING")) {
                throw new PoisonEventException("QaPrediction of run '" + runId + "' system '" + p.getSystem() + "' instance '"
                        + p.getInstanceId() + "': the run is already " + row.state());
            }
            store.insertPrediction(c, runId, p.getSystem(), p.getInstanceId(), p.toByteArray());
            return completeIfDone(c, runId);
        });
        if (complete) {
            evaluate(runId);
        }
    }

    private void onCompleted(QaRunCompleted completed) {
        String runId = completed.getRunId();
        boolean complete = db.inTransaction(c -> {
            QaStore.Run row = store.find(c, runId).orElseThrow(() -> new PoisonEventException(
                    "QaRunCompleted of run '" + runId + "' before its QaRunStarted (unknown run)"));
            if (row.completed() != null) {
                if (completedOf(row.completed()).equals(completed)) {
                    return false;
                }
                throw new PoisonEventException("conflicting QaRunCompleted for run '" + runId + "'");
            }
            store.setCompleted(c, runId, completed.toByteArray());
            if (completed.getOutcome() != QaRunCompleted.Outcome.SUCCEEDED) {
                if (row.state().equals("RECEIVING")) {
                    String state = completed.getOutcome() == QaRunCompleted.Outcome.CANCELLED ? "CANCELLED" : "FAILED";
                    store.setState(c, runId, state, completed.getMessage().isEmpty() ? "run " + completed.getOutcome() : completed.getMessage(), null);
                }
                return false;
            }
            return completeIfDone(c, runId);
        });
        if (complete) {
            evaluate(runId);
        }
    }

    private boolean completeIfDone(Connection c, String runId) throws SQLException {
        QaStore.Run row = store.find(c, runId).orElseThrow();
        if (!row.state().equals("RECEIVING") || row.completed() == null) {
            return false;
        }
        QaRunCompleted completed = completedOf(row.completed());
        QaRunStarted started = startedOf(row.started());
        Map<String, Integer> counts = store.counts(c, runId);
        for (String system : started.getSystemsList()) {
            int published = completed.getPublishedOrDefault(system, 0);
            int received = counts.getOrDefault(system, 0);
            if (received > published) {
                store.setState(c, runId, "FAILED", "system '" + system + "': received " + received
                        + " predictions, but QaRunCompleted says " + published + " were published", null);
                return false;
            }
            if (received < published) {
                return false;
            }
        }
        store.setState(c, runId, "EVALUATING", null, null);
        return true;
    }

    /** Builds and stores the report; a failure marks the run FAILED with the reason. */
    void evaluate(String runId) {
        long t0 = System.nanoTime();
        try {
            Map<String, Map<String, QaPrediction>> bySystem = new LinkedHashMap<>();
            QaRunStarted started = db.inTransaction(c -> {
                QaRunStarted s = startedOf(store.find(c, runId).orElseThrow().started());
                for (String system : s.getSystemsList()) {
                    Map<String, QaPrediction> m = new LinkedHashMap<>();
                    for (byte[] b : store.predictions(c, runId, system)) {
                        QaPrediction p = QaReportBuilder.prediction(predictionOf(b));
                        m.put(p.id(), p);
                    }
                    bySystem.put(system, m);
                }
                return s;
            });
            Map<String, String> files = QaReportBuilder.build(started, bySystem);
            long millis = (System.nanoTime() - t0) / 1_000_000;
            db.inTransaction(c -> {
                for (var f : files.entrySet()) {
                    store.putFile(c, runId, f.getKey(), f.getValue());
                }
                store.setState(c, runId, "COMPLETED", null, millis);
                return null;
            });
            Log.infof("QA run %s evaluated in %d ms", runId, millis);
        } catch (RuntimeException e) {
            Log.errorf(e, "QA run %s: evaluation failed", runId);
            db.inTransaction(c -> {
                store.setState(c, runId, "FAILED", "evaluation failed: " + io.clirbench.core.io.FailureMessage.of(e), null);
                return null;
            });
        }
    }

    // stored bytes were parsed once already when they arrived: a failure now is corruption, not a poison event
    static QaRunStarted startedOf(byte[] b) {
        try {
            return QaRunStarted.parseFrom(b);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("stored QaRunStarted does not parse: " + e.getMessage(), e);
        }
    }

    static QaRunCompleted completedOf(byte[] b) {
        try {
            return QaRunCompleted.parseFrom(b);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("stored QaRunCompleted does not parse: " + e.getMessage(), e);
        }
    }

    static io.clirbench.proto.qa.v1.QaPrediction predictionOf(byte[] b) {
        try {
            return io.clirbench.proto.qa.v1.QaPrediction.parseFrom(b);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("stored QaPrediction does not parse: " + e.getMessage(), e);
        }
    }

    private Set<String> ids(QaRunStarted started) {
        return instanceIds.computeIfAbsent(started.getDatasetLocation(), location -> {
            try {
                return QaReportBuilder.instanceIds(location);
            } catch (RuntimeException e) {
                throw new PoisonEventException("QA run '" + started.getRunId() + "': dataset at '" + location + "' cannot be read: "
                        + e.getMessage());
            }
        });
    }
}
