package io.clirbench.eval.qa;

import com.google.protobuf.InvalidProtocolBufferException;
import io.clirbench.core.qa.eval.Protocol;
import io.clirbench.eval.pipeline.EvalChannels;
import io.clirbench.eval.pipeline.EvaluationCost;
import io.clirbench.eval.pipeline.EvaluationKind;
import io.clirbench.eval.pipeline.EvaluationQueueStore;
import io.clirbench.eval.pipeline.EvaluationScheduler;
import io.clirbench.eval.pipeline.EvaluationState;
import io.clirbench.eval.pipeline.PoisonEventException;
import io.clirbench.eval.pipeline.PillarTopic;
import io.clirbench.core.qa.model.QaPrediction;
import io.clirbench.service.store.Database;
import io.clirbench.proto.qa.v1.QaEvent;
import io.clirbench.proto.qa.v1.QaRunCompleted;
import io.clirbench.proto.qa.v1.QaRunStarted;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The QA pillar's event mapping: applies QA events, one transaction each, that starts by locking the run's
 * {@code qa_eval_run} row ({@link QaStore#lock}); the duplicate checks run under that lock, so a record redelivered to
 * another replica is a no-op there too. An identical redelivery changes nothing; a conflicting duplicate, an event
 * of an unknown run, system or instance, or a prediction after the run was complete is poison. When QaRunCompleted
 * (SUCCEEDED) is in and every system has exactly its published count, the same transaction moves the run to
 * EVALUATING and queues it in the pipeline's evaluation queue with its cost; a replica's worker evaluates it
 * ({@link QaRunEvaluation}).
 */
@ApplicationScoped
public class QaEventHandler extends PillarTopic {

    private final Database db;
    private final QaStore store;
    private final Map<String, Set<String>> instanceIds = new ConcurrentHashMap<>();

    public QaEventHandler(Database db, QaStore store, EvaluationQueueStore queue, EvaluationScheduler scheduler) {
        super(EvalChannels.QA_PREDICTIONS, EvalChannels.QA_PREDICTIONS_DLT, queue, scheduler);
        this.db = db;
        this.store = store;
    }

    @Override
    public void apply(byte[] bytes) {
        QaEvent event;
        try {
            event = QaEvent.parseFrom(bytes == null ? new byte[0] : bytes);
        } catch (InvalidProtocolBufferException e) {
            throw new PoisonEventException("not a QaEvent protobuf: " + e.getMessage());
        }
        boolean queued = switch (event.getKindCase()) {
            case STARTED -> onStarted(event.getStarted());
            case PREDICTION -> onPrediction(event.getPrediction());
            case COMPLETED -> onCompleted(event.getCompleted());
            default -> throw new PoisonEventException("QaEvent without a kind (started, prediction or completed)");
        };
        if (queued) {
            wakeWorkers();
        }
    }

    private boolean onStarted(QaRunStarted started) {
        if (started.getRunId().isBlank() || started.getSystemsCount() == 0 || started.getDatasetLocation().isBlank()) {
            throw new PoisonEventException("QaRunStarted needs run_id, systems and dataset_location: " + started);
        }
        try {
            Protocol.parse(started.getProtocol());
        } catch (RuntimeException e) {
            throw new PoisonEventException("QaRunStarted of run '" + started.getRunId() + "': " + e.getMessage());
        }
        String runId = started.getRunId();
        return db.inTransaction(c -> {
            if (store.lock(c, runId).isEmpty()) {
                ids(started); // the dataset must be readable and valid before the run is accepted
                store.insertIfAbsent(c, runId, started.toByteArray());
            }
            QaStore.Run row = store.lock(c, runId).orElseThrow();
            if (!startedOf(row.started()).equals(started)) {
                throw new PoisonEventException("conflicting QaRunStarted for run '" + runId + "': it already started with other settings");
            }
            return false;
        });
    }

    private boolean onPrediction(io.clirbench.proto.qa.v1.QaPrediction p) {
        String runId = p.getRunId();
        return db.inTransaction(c -> {
            QaStore.Run row = store.lock(c, runId).orElseThrow(() -> new PoisonEventException(
                    "QaPrediction of run '" + runId + "' before its QaRunStarted (unknown run)"));
            var existing = store.prediction(c, runId, p.getSystem(), p.getInstanceId());
            if (existing.isPresent()) {
                if (withoutTimings(predictionOf(existing.get())).equals(withoutTimings(p))) {
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
            if (row.state() != EvaluationState.RECEIVING) {
                throw new PoisonEventException("QaPrediction of run '" + runId + "' system '" + p.getSystem() + "' instance '"
                        + p.getInstanceId() + "': the run is already " + row.state());
            }
            store.insertPrediction(c, runId, p.getSystem(), p.getInstanceId(), p.toByteArray());
            return queueIfDone(c, runId);
        });
    }

    private boolean onCompleted(QaRunCompleted completed) {
        String runId = completed.getRunId();
        return db.inTransaction(c -> {
            QaStore.Run row = store.lock(c, runId).orElseThrow(() -> new PoisonEventException(
                    "QaRunCompleted of run '" + runId + "' before its QaRunStarted (unknown run)"));
            if (row.completed() != null) {
                if (completedOf(row.completed()).equals(completed)) {
                    return false;
                }
                throw new PoisonEventException("conflicting QaRunCompleted for run '" + runId + "'");
            }
            store.setCompleted(c, runId, completed.toByteArray());
            if (completed.getOutcome() != QaRunCompleted.Outcome.SUCCEEDED) {
                EvaluationState ended = completed.getOutcome() == QaRunCompleted.Outcome.CANCELLED
                        ? EvaluationState.CANCELLED : EvaluationState.FAILED;
                store.setState(c, runId, EvaluationState.RECEIVING, ended,
                        completed.getMessage().isEmpty() ? "run " + completed.getOutcome() : completed.getMessage(), null);
                return false;
            }
            return queueIfDone(c, runId);
        });
    }

    /**
     * Moves a receiving run to EVALUATING, queued with its cost, when QaRunCompleted (SUCCEEDED) is there and every
     * system has exactly the published number of predictions; to FAILED when one has more (it could never finish).
     */
    private boolean queueIfDone(Connection c, String runId) throws SQLException {
        QaStore.Run row = store.find(c, runId).orElseThrow();
        if (row.state() != EvaluationState.RECEIVING || row.completed() == null) {
            return false;
        }
        QaRunCompleted completed = completedOf(row.completed());
        QaRunStarted started = startedOf(row.started());
        Map<String, Integer> counts = store.counts(c, runId);
        long predictions = 0;
        for (String system : started.getSystemsList()) {
            int published = completed.getPublishedOrDefault(system, 0);
            int received = counts.getOrDefault(system, 0);
            if (received > published) {
                store.setState(c, runId, EvaluationState.RECEIVING, EvaluationState.FAILED, "system '" + system + "': received "
                        + received + " predictions, but QaRunCompleted says " + published + " were published", null);
                return false;
            }
            if (received < published) {
                return false;
            }
            predictions += received;
        }
        store.setState(c, runId, EvaluationState.RECEIVING, EvaluationState.EVALUATING, null, null);
        queueEvaluation(c, EvaluationKind.QA, runId, EvaluationCost.of(predictions, started.getBootstrap()));
        return true;
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

    /**
     * A prediction without its two latencies: a gateway that resumes a run after a restart selects an instance again when its earlier prediction
     * was confirmed by the broker but not yet recorded, and the redo takes another time. The same answer and facts (and reader tokens) are the same
     * prediction, kept once; a different answer is still a conflicting duplicate.
     */
    static io.clirbench.proto.qa.v1.QaPrediction withoutTimings(io.clirbench.proto.qa.v1.QaPrediction p) {
        var b = p.toBuilder().clearLatencyMicros();
        if (p.hasReader()) {
            b.setReader(p.getReader().toBuilder().clearLatencyMicros());
        }
        return b.build();
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
