package io.clirbench.gateway.agent;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.model.Document;
import io.clirbench.core.run.RankedList;
import io.clirbench.gateway.error.InvalidField;
import io.clirbench.gateway.error.RequestRejectedException;
import io.clirbench.proto.agent.v1.AgentAnswer;
import io.clirbench.proto.agent.v1.AgentCall;
import io.clirbench.proto.agent.v1.AgentEvent;
import io.clirbench.proto.agent.v1.AgentRunClosed;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The search tool's operations, shared by MCP and REST: every input is checked first (unknown run or query, empty
 * or oversize query, unknown docid, a closed run: nothing recorded), then the call is served, its event published
 * and acknowledged, and only then the result returned: as JSON text, written once for the event and the agent.
 */
@ApplicationScoped
public class AgentTools {

    public static final String SEARCH = "search";
    public static final String GET_DOCUMENT = "get_document";

    private final AgentSessions sessions;
    private final SessionSearch search;
    private final AgentEventPublisher publisher;
    private final AgentRunStore store;
    private final AgentConfig config;
    private final ObjectMapper json = new ObjectMapper();

    AgentTools(AgentSessions sessions, SessionSearch search, AgentEventPublisher publisher, AgentRunStore store,
               AgentConfig config) {
        this.sessions = sessions;
        this.search = search;
        this.publisher = publisher;
        this.store = store;
        this.config = config;
    }

    /** An open run and one of its questions; 404 or 409 otherwise. */
    public GroundTruth question(AgentSession s, String queryId) {
        if (s.closed()) {
            throw RequestRejectedException.conflict("agent run '" + s.spec().id() + "' is closed");
        }
        GroundTruth q = queryId == null ? null : s.questions().get(queryId);
        if (q == null) {
            throw RequestRejectedException.notFound("agent run '" + s.spec().id() + "' (task " + s.spec().taskId()
                    + ") has no query '" + queryId + "'");
        }
        return q;
    }

    /** Runs the search; its result as the JSON text the agent gets, which is also the AgentCall event's output. */
    public String search(String runId, String queryId, String query) throws InterruptedException {
        AgentSession s = sessions.get(runId);
        s.lock().readLock().lock();
        try {
            return search(s, queryId, query);
        } finally {
            s.lock().readLock().unlock();
        }
    }

    private String search(AgentSession s, String queryId, String query) throws InterruptedException {
        GroundTruth q = question(s, queryId);
        if (query == null || query.isBlank()) {
            throw RequestRejectedException.invalid("empty query", List.of(new InvalidField("query", query, "must not be empty")));
        }
        if (query.length() > config.maxQueryChars()) {
            throw RequestRejectedException.invalid("query too long", List.of(new InvalidField("query",
                    query.substring(0, 40) + "...", "has " + query.length() + " characters; the limit is "
                    + config.maxQueryChars() + " (agent.max-query-chars)")));
        }
        long t0 = System.nanoTime();
        RankedList list = search.search(s, queryId, query, q.lang());
        List<SearchHit> hits = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            Document d = s.document(list.docIds()[i]);
            hits.add(new SearchHit(d.id(), list.scores()[i], s.snippet(d)));
        }
        String output = text(hits);
        AgentCall.Builder call = AgentCall.newBuilder().setTool(SEARCH).setArgumentsJson(text(Map.of("query", query)))
                .setOutputJson(output);
        hits.forEach(h -> call.addDocids(h.docid()).addScores(h.score()));
        publishCall(s, queryId, call, t0);
        return output;
    }

    /** Reads a document; its result as the JSON text the agent gets, which is also the AgentCall event's output. */
    public String document(String runId, String queryId, String docid) {
        AgentSession s = sessions.get(runId);
        s.lock().readLock().lock();
        try {
            return document(s, queryId, docid);
        } finally {
            s.lock().readLock().unlock();
        }
    }

    private String document(AgentSession s, String queryId, String docid) {
        String runId = s.spec().id();
        question(s, queryId);
        Document d = docid == null ? null : s.document(docid);
        if (d == null) {
            throw RequestRejectedException.notFound("agent run '" + runId + "': no document '" + docid
                    + "' in the corpus of configuration " + s.spec().configuration());
        }
        long t0 = System.nanoTime();
        String output = text(new DocumentText(d.id(), d.text()));
        publishCall(s, queryId, AgentCall.newBuilder().setTool(GET_DOCUMENT).setArgumentsJson(text(Map.of("docid", docid)))
                .addDocids(d.id()).setOutputJson(output), t0);
        return output;
    }

    public void answer(String runId, AgentAnswerRequest a) {
        if (a == null) {
            throw RequestRejectedException.invalid("the body must be a JSON object with queryId and text", List.of());
        }
        AgentSession s = sessions.get(runId);
        s.lock().readLock().lock();
        try {
            answer(s, a);
        } finally {
            s.lock().readLock().unlock();
        }
    }

    private void answer(AgentSession s, AgentAnswerRequest a) {
        String runId = s.spec().id();
        question(s, a.queryId());
        if (a.text() == null || a.text().isBlank()) {
            throw RequestRejectedException.invalid("empty answer", List.of(new InvalidField("text", a.text(), "must not be empty")));
        }
        if (a.confidence() != null && !(a.confidence() >= 0 && a.confidence() <= 100)) {
            throw RequestRejectedException.invalid("bad confidence", List.of(new InvalidField("confidence",
                    String.valueOf(a.confidence()), "must be between 0 and 100")));
        }
        if (!s.markAnswered(a.queryId()) || !store.insertAnswer(runId, a.queryId())) {
            throw RequestRejectedException.conflict("agent run '" + runId + "': query '" + a.queryId() + "' is already answered");
        }
        AgentAnswer.Builder answer = AgentAnswer.newBuilder().setRunId(runId).setQueryId(a.queryId()).setText(a.text())
                .setCallsBefore(s.callsOf(a.queryId()));
        if (a.confidence() != null) {
            answer.setHasConfidence(true).setConfidence(a.confidence());
        }
        try {
            publisher.publish(runId, AgentEvent.newBuilder().setAnswer(answer).build());
        } catch (RuntimeException e) {
            store.deleteAnswer(runId, a.queryId());
            s.unmarkAnswered(a.queryId());
            throw e;
        }
        s.countAnswer();
    }

    /** Closes the run and publishes its counts; a second close is a 409. */
    public AgentSession close(String runId) {
        AgentSession s = sessions.get(runId);
        s.lock().writeLock().lock();
        try {
            return close(s);
        } finally {
            s.lock().writeLock().unlock();
        }
    }

    private AgentSession close(AgentSession s) {
        String runId = s.spec().id();
        if (s.closed()) {
            throw RequestRejectedException.conflict("agent run '" + runId + "' is already closed");
        }
        s.close();
        long now = System.currentTimeMillis();
        store.close(runId, s.totals(), now);
        publisher.publish(runId, AgentEvent.newBuilder().setClosed(AgentRunClosed.newBuilder().setRunId(runId)
                .setCalls(s.calls()).setAnswers(s.answers()).setClosedAtEpochMs(now)).build());
        sessions.closed(runId);
        return s;
    }

    /**
     * Publishes the call and waits for the broker, then records its index in the store (a crash between the two
     * republishes the same index after the restart, which the eval-service's idempotent store takes once).
     */
    private void publishCall(AgentSession s, String queryId, AgentCall.Builder call, long t0) {
        long served = System.nanoTime();
        int index = s.nextCallIndex(queryId);
        call.setRunId(s.spec().id()).setQueryId(queryId).setCallIndex(index).setLatencyMicros((served - t0) / 1000);
        publisher.publish(s.spec().id(), AgentEvent.newBuilder().setCall(call).build());
        long published = System.nanoTime();
        try {
            store.insertCall(s.spec().id(), queryId, index);
        } finally {
            s.countCall((served - t0) / 1000, (published - served) / 1000, (System.nanoTime() - published) / 1000);
        }
    }

    private String text(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value, e);
        }
    }
}
