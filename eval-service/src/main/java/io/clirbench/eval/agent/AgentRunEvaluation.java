package io.clirbench.eval.agent;

import com.google.protobuf.InvalidProtocolBufferException;
import io.clirbench.eval.pipeline.EvaluationCost;
import io.clirbench.eval.pipeline.EvaluationKind;
import io.clirbench.eval.pipeline.EvaluationState;
import io.clirbench.eval.pipeline.PillarEvaluation;
import io.clirbench.service.store.Database;
import io.clirbench.proto.agent.v1.AgentAnswer;
import io.clirbench.proto.agent.v1.AgentCall;
import io.clirbench.proto.agent.v1.AgentRunClosed;
import io.clirbench.proto.agent.v1.AgentRunOpened;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The agent pillar's evaluation ({@link PillarEvaluation}): the stored events of a closed run as a BrowseComp-Plus
 * run ({@link AgentRunExport}), scored by {@link AgentReportBuilder} (the code of {@code bench agent eval}). The
 * pipeline claims, stores and ends it.
 */
@ApplicationScoped
public class AgentRunEvaluation implements PillarEvaluation {

    private final Database db;
    private final AgentEvalStore store;
    private final AgentReportBuilder reports;

    public AgentRunEvaluation(Database db, AgentEvalStore store, AgentReportBuilder reports) {
        this.db = db;
        this.store = store;
        this.reports = reports;
    }

    @Override
    public EvaluationKind kind() {
        return EvaluationKind.AGENT;
    }

    @Override
    public void lock(Connection c, String runId) throws SQLException {
        store.lockOrCreate(c, runId);
    }

    @Override
    public Map<String, String> render(String runId) {
        record Stored(AgentRunOpened opened, AgentRunClosed closed, List<AgentCall> calls, List<AgentAnswer> answers) {
        }
        Stored run = db.inTransaction(c -> {
            AgentEvalStore.RunRow row = store.run(c, runId).orElseThrow();
            List<AgentCall> calls = new ArrayList<>();
            for (byte[] b : store.calls(c, runId)) {
                calls.add(stored(() -> AgentCall.parseFrom(b)));
            }
            List<AgentAnswer> answers = new ArrayList<>();
            for (byte[] b : store.answers(c, runId)) {
                answers.add(stored(() -> AgentAnswer.parseFrom(b)));
            }
            return new Stored(stored(() -> AgentRunOpened.parseFrom(row.opened())),
                    stored(() -> AgentRunClosed.parseFrom(row.closed())), calls, answers);
        });
        return reports.build(run.opened(), AgentRunExport.of(run.opened(), run.calls(), run.answers()),
                run.closed().getClosedAtEpochMs());
    }

    @Override
    public boolean finish(Connection c, String runId, EvaluationState to, String message, Long evaluationMillis)
            throws SQLException {
        return store.setState(c, runId, EvaluationState.EVALUATING, to, message);
    }

    @Override
    public List<String> evaluating(Connection c) throws SQLException {
        return store.inState(c, EvaluationState.EVALUATING);
    }

    /** The closed run's answers, resampled B times. */
    @Override
    public long cost(Connection c, String runId) throws SQLException {
        AgentEvalStore.RunRow row = store.run(c, runId).orElseThrow();
        AgentRunOpened opened = stored(() -> AgentRunOpened.parseFrom(row.opened()));
        return EvaluationCost.of(store.count(c, "answers", runId), opened.getBootstrap());
    }

    // stored bytes were parsed once already when they arrived: a failure now is corruption, not a poison event
    private static <T> T stored(AgentEventHandler.Parse<T> parse) {
        try {
            return parse.run();
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("stored agent event does not parse: " + e.getMessage(), e);
        }
    }
}
