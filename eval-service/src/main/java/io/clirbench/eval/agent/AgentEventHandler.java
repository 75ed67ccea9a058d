package io.clirbench.eval.agent;

import com.google.protobuf.InvalidProtocolBufferException;
import io.clirbench.eval.evaluation.PoisonEventException;
import io.clirbench.service.store.Database;
import io.clirbench.proto.agent.v1.AgentAnswer;
import io.clirbench.proto.agent.v1.AgentCall;
import io.clirbench.proto.agent.v1.AgentEvent;
import io.clirbench.proto.agent.v1.AgentRunClosed;
import io.clirbench.proto.agent.v1.AgentRunOpened;
import io.quarkus.logging.Log;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Stores one agent event in one transaction, idempotently (a redelivered event changes nothing), and once the run's
 * {@code AgentRunClosed} is in and every call and answer it counts is stored, builds and stores the report in the
 * same transaction: a crash before the commit leaves the event unacknowledged, and its redelivery does it again.
 */
@ApplicationScoped
public class AgentEventHandler {

    private final Database db;
    private final AgentEvalStore store;
    private final AgentReportBuilder reports;

    public AgentEventHandler(Database db, AgentEvalStore store, AgentReportBuilder reports) {
        this.db = db;
        this.store = store;
        this.reports = reports;
    }

    public void onEvent(byte[] bytes) {
        AgentEvent event = parse(bytes);
        String runId = runId(event);
        if (runId.isEmpty()) {
            throw new PoisonEventException("agent event without run_id: " + event.getKindCase());
        }
        db.inTransaction(c -> {
            AgentEvalStore.RunRow row = store.lockOrCreate(c, runId);
            switch (event.getKindCase()) {
                case OPENED -> store.setOpened(c, runId, event.getOpened().toByteArray());
                case CALL -> store.insertCall(c, runId, event.getCall().getQueryId(), event.getCall().getCallIndex(),
                        event.getCall().toByteArray());
                case ANSWER -> store.insertAnswer(c, runId, event.getAnswer().getQueryId(), event.getAnswer().toByteArray());
                case CLOSED -> store.setClosed(c, runId, event.getClosed().toByteArray());
                default -> throw new PoisonEventException("agent event of run " + runId + " has no kind");
            }
            if (!"COMPLETED".equals(row.state()) && !"FAILED".equals(row.state())) {
                finishIfComplete(c, runId);
            }
            return null;
        });
    }

    private void finishIfComplete(Connection c, String runId) throws SQLException {
        AgentEvalStore.RunRow row = store.run(c, runId).orElseThrow();
        if (row.opened() == null || row.closed() == null) {
            return;
        }
        AgentRunClosed closed = parseOrPoison(() -> AgentRunClosed.parseFrom(row.closed()));
        if (store.count(c, "calls", runId) < closed.getCalls() || store.count(c, "answers", runId) < closed.getAnswers()) {
            return;
        }
        AgentRunOpened opened = parseOrPoison(() -> AgentRunOpened.parseFrom(row.opened()));
        List<AgentCall> calls = new ArrayList<>();
        for (byte[] b : store.calls(c, runId)) {
            calls.add(parseOrPoison(() -> AgentCall.parseFrom(b)));
        }
        List<AgentAnswer> answers = new ArrayList<>();
        for (byte[] b : store.answers(c, runId)) {
            answers.add(parseOrPoison(() -> AgentAnswer.parseFrom(b)));
        }
        try {
            store.putFiles(c, runId, reports.build(opened, AgentRunExport.of(opened, calls, answers), closed.getClosedAtEpochMs()));
            store.setState(c, runId, "COMPLETED", null);
            Log.infof("agent run %s evaluated: %d calls, %d answers", runId, calls.size(), answers.size());
        } catch (RuntimeException e) {
            Log.warnf(e, "agent run %s failed: %s", runId, e.getMessage());
            store.setState(c, runId, "FAILED", io.clirbench.core.io.FailureMessage.of(e));
        }
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

    private interface Parse<T> {
        T run() throws InvalidProtocolBufferException;
    }

    private static <T> T parseOrPoison(Parse<T> parse) {
        try {
            return parse.run();
        } catch (InvalidProtocolBufferException e) {
            throw new PoisonEventException("not an agent.v1 protobuf: " + e.getMessage());
        }
    }
}
