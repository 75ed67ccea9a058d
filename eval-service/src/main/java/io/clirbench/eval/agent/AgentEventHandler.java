package io.clirbench.eval.agent;

import com.google.protobuf.InvalidProtocolBufferException;
import io.clirbench.eval.pipeline.EvalChannels;
import io.clirbench.eval.pipeline.EvaluationCost;
import io.clirbench.eval.pipeline.EvaluationKind;
import io.clirbench.eval.pipeline.EvaluationQueueStore;
import io.clirbench.eval.pipeline.EvaluationScheduler;
import io.clirbench.eval.pipeline.EvaluationState;
import io.clirbench.eval.pipeline.PoisonEventException;
import io.clirbench.eval.pipeline.PillarTopic;
import io.clirbench.service.store.Database;
import io.clirbench.proto.agent.v1.AgentAnswer;
import io.clirbench.proto.agent.v1.AgentCall;
import io.clirbench.proto.agent.v1.AgentEvent;
import io.clirbench.proto.agent.v1.AgentRunClosed;
import io.clirbench.proto.agent.v1.AgentRunOpened;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The agent pillar's event mapping: stores one agent event in one transaction that starts by locking the run's
 * {@code agent_eval_run} row ({@link AgentEvalStore#lockOrCreate}); the duplicate checks run under that lock, so a
 * redelivered event changes nothing on any replica (a call once per (run, query, call index), an answer once per
 * (run, query), the first AgentRunOpened and AgentRunClosed kept). Once the run's {@code AgentRunClosed} is in and
 * every call and answer it counts is stored, the same transaction moves the run to EVALUATING and queues it in the
 * pipeline's evaluation queue with its cost; a replica's worker evaluates it ({@link AgentRunEvaluation}).
 */
@ApplicationScoped
public class AgentEventHandler extends PillarTopic {

    private final Database db;
    private final AgentEvalStore store;

    public AgentEventHandler(Database db, AgentEvalStore store, EvaluationQueueStore queue, EvaluationScheduler scheduler) {
        super(EvalChannels.AGENT_CALLS, EvalChannels.AGENT_CALLS_DLT, queue, scheduler);
        this.db = db;
        this.store = store;
    }

    @Override
    public void apply(byte[] bytes) {
        AgentEvent event = parse(bytes);
        String runId = runId(event);
        if (runId.isEmpty()) {
            throw new PoisonEventException("agent event without run_id: " + event.getKindCase());
        }
        boolean queued = db.inTransaction(c -> {
            AgentEvalStore.RunRow row = store.lockOrCreate(c, runId);
            switch (event.getKindCase()) {
                case OPENED -> store.setOpened(c, runId, event.getOpened().toByteArray());
                case CALL -> store.insertCall(c, runId, event.getCall().getQueryId(), event.getCall().getCallIndex(),
                        event.getCall().toByteArray());
                case ANSWER -> store.insertAnswer(c, runId, event.getAnswer().getQueryId(), event.getAnswer().toByteArray());
                case CLOSED -> store.setClosed(c, runId, event.getClosed().toByteArray());
                default -> throw new PoisonEventException("agent event of run " + runId + " has no kind");
            }
            return row.state() == EvaluationState.RECEIVING && queueIfComplete(c, runId);
        });
        if (queued) {
            wakeWorkers();
        }
    }

    /** Moves the run to EVALUATING, queued with its cost (answers x max(1, B)), once it is closed and every event it counts is in. */
    private boolean queueIfComplete(Connection c, String runId) throws SQLException {
        AgentEvalStore.RunRow row = store.run(c, runId).orElseThrow();
        if (row.opened() == null || row.closed() == null) {
            return false;
        }
        AgentRunClosed closed = parseOrPoison(() -> AgentRunClosed.parseFrom(row.closed()));
        if (store.count(c, "calls", runId) < closed.getCalls() || store.count(c, "answers", runId) < closed.getAnswers()) {
            return false;
        }
        AgentRunOpened opened = parseOrPoison(() -> AgentRunOpened.parseFrom(row.opened()));
        store.setState(c, runId, EvaluationState.RECEIVING, EvaluationState.EVALUATING, null);
        queueEvaluation(c, EvaluationKind.AGENT, runId, EvaluationCost.of(closed.getAnswers(), opened.getBootstrap()));
        return true;
    }

    private static String runId(AgentEvent e) {
        return switch (e.getKindCase()) {
            case OPENED -> e.getOpened().getRunId();
            case CALL -> e.getCall().getRunId();
            case ANSWER -> e.getAnswer().getRunId();
            case CLOSED -> e.getClosed().getRunId();
            default -> "";
        };
    }

    private static AgentEvent parse(byte[] bytes) {
        if (bytes == null || bytes.length == 0) {
            throw new PoisonEventException("empty agent event");
        }
        return parseOrPoison(() -> AgentEvent.parseFrom(bytes));
    }

    interface Parse<T> {
        T run() throws InvalidProtocolBufferException;
    }

    static <T> T parseOrPoison(Parse<T> parse) {
        try {
            return parse.run();
        } catch (InvalidProtocolBufferException e) {
            throw new PoisonEventException("not an agent.v1 protobuf: " + e.getMessage());
        }
    }
}
