package io.clirbench.gateway.agent;

import io.clirbench.core.stats.Stats;
import io.clirbench.core.agentic.configure.ConfiguredCorpus;
import io.clirbench.core.agentic.format.AgentTaskReader;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.CorpusConfiguration;
import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.DatasetInfo;
import io.clirbench.core.model.Qrels;
import io.clirbench.core.search.RetrieverId;
import io.clirbench.core.search.RetrieverIdException;
import io.clirbench.gateway.dataset.DatasetRoots;
import io.clirbench.gateway.error.InvalidField;
import io.clirbench.gateway.error.RequestRejectedException;
import io.clirbench.gateway.retriever.RetrieverRegistry;
import io.clirbench.proto.agent.v1.AgentEvent;
import io.clirbench.proto.agent.v1.AgentRunOpened;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Opens agent runs and finds them again: validates the whole request before anything is stored, fills the
 * retriever's collection for the (task, configuration, retriever) with one search (reused by every later session
 * over the same corpus), persists the run, then publishes {@code AgentRunOpened}. Sessions are cached in memory
 * and rebuilt from the database after a restart.
 */
@ApplicationScoped
public class AgentSessions {

    private static final long SEED = Stats.DEFAULT_SEED;

    private final AgentConfig config;
    private final RetrieverRegistry registry;
    private final SessionSearch search;
    private final AgentRunStore store;
    private final AgentEventPublisher publisher;
    private final DatasetRoots roots;
    private final Map<String, AgentSession> open = new ConcurrentHashMap<>();
    private final Map<Path, AgentTask> tasks = new ConcurrentHashMap<>();

    AgentSessions(AgentConfig config, RetrieverRegistry registry, SessionSearch search, AgentRunStore store,
                  AgentEventPublisher publisher, DatasetRoots roots) {
        this.roots = roots;
        this.config = config;
        this.registry = registry;
        this.search = search;
        this.store = store;
        this.publisher = publisher;
    }

    /** Longest agent name: the column that stores it (issue 45: 100,000 characters were a 500). */
    static final int MAX_AGENT_NAME = 200;

    /** Opens a run; a bad field is a 400 naming it, with nothing stored. */
    public AgentSession open(AgentRunRequest r) throws InterruptedException {
        if (r == null) {
            throw RequestRejectedException.invalid("the body must be a JSON object with task, configuration, retriever",
                    List.of());
        }
        List<InvalidField> bad = new ArrayList<>();
        int k = r.k() == null ? 5 : r.k();
        int snippet = r.snippetTokens() == null ? 512 : r.snippetTokens();
        int bootstrap = r.bootstrap() == null ? config.bootstrap() : r.bootstrap();
        if (k < 1 || k > config.maxK()) {
            bad.add(new InvalidField("k", Integer.toString(k), "must be between 1 and " + config.maxK()));
        }
        if (snippet < 1 || snippet > config.maxSnippetTokens()) {
            bad.add(new InvalidField("snippetTokens", Integer.toString(snippet), "must be between 1 and " + config.maxSnippetTokens()));
        }
        if (Stats.bootstrapProblem(bootstrap) != null) {
            bad.add(new InvalidField("bootstrap", Integer.toString(bootstrap), Stats.BOOTSTRAP_RULE));
        }
        if (r.agent() != null && r.agent().length() > MAX_AGENT_NAME) {
            bad.add(new InvalidField("agent", r.agent().substring(0, 40) + "...", "must be at most " + MAX_AGENT_NAME
                    + " characters, was " + r.agent().length()));
        }
        if (r.judge() != null && (r.judge().isBlank() || r.judge().length() > MAX_AGENT_NAME)) {
            bad.add(new InvalidField("judge", r.judge().length() > 40 ? r.judge().substring(0, 40) + "..." : r.judge(),
                    "must be the judge model the eval-service is configured with, 1 to " + MAX_AGENT_NAME + " characters"));
        }
        if (r.judgePrompt() != null && !List.of("xbcp", "bcp").contains(r.judgePrompt())) {
            bad.add(new InvalidField("judgePrompt", r.judgePrompt().length() > 40 ? r.judgePrompt().substring(0, 40) + "..."
                    : r.judgePrompt(), "must be xbcp or bcp"));
        }
        if (r.judgePrompt() != null && r.judge() == null) {
            bad.add(new InvalidField("judgePrompt", r.judgePrompt(), "needs a judge"));
        }
        RetrieverId retriever = retriever(r.retriever(), bad);
        AgentTask task = task(r.task(), bad);
        CorpusConfiguration configuration = null;
        if (task != null) {
            if (r.configuration() == null || !task.configurations().containsKey(r.configuration())) {
                bad.add(new InvalidField("configuration", r.configuration(), "task '" + task.id() + "' has the configurations "
                        + task.configurations().keySet()));
            } else {
                configuration = task.configuration(r.configuration());
            }
        }
        if (!bad.isEmpty()) {
            throw RequestRejectedException.invalid("invalid agent run", bad);
        }
        // the task's real path (as checked): what a later read (after a restart, the eval-service) checks again
        AgentRunSpec spec = new AgentRunSpec("agent-" + UUID.randomUUID(), task.id(),
                roots.resolve(r.task(), "task").toString(), configuration.name(), retriever.id(), k,
                snippet, bootstrap, r.agent() == null || r.agent().isBlank() ? "agent" : r.agent(), System.currentTimeMillis());
        AgentSession session = session(spec, task, retriever);
        GroundTruth first = task.queries().get(0);
        search.search(session, first.queryId(), first.query(), first.lang());   // fills the collection once
        store.insert(spec, task.queries().size());
        publisher.publish(spec.id(), AgentEvent.newBuilder().setOpened(AgentRunOpened.newBuilder()
                .setRunId(spec.id()).setTaskId(spec.taskId()).setTaskLocation(spec.taskLocation())
                .setConfiguration(spec.configuration()).setRetriever(spec.retriever()).setK(k).setSnippetTokens(snippet)
                .setExpectedQueries(task.queries().size()).setBootstrap(bootstrap).setSeed(SEED)
                .setOpenedAtEpochMs(spec.createdAt()).setAgent(spec.agent())
                .setJudge(r.judge() == null ? "" : r.judge()).setJudgePrompt(r.judgePrompt() == null ? "" : r.judgePrompt())).build());
        open.put(spec.id(), session);
        return session;
    }

    /**
     * The open run, for a call, an answer or the close: 404 naming it when there is none, 409 when it is closed. A run
     * that is not in memory (after a restart) is rebuilt from its task directory, which must still be readable.
     */
    public AgentSession get(String runId) {
        AgentSession s = open.get(runId);
        if (s != null) {
            return s;
        }
        AgentRunSpec found = spec(runId);
        if (store.closedTotals(runId).isPresent()) {
            throw RequestRejectedException.conflict("agent run '" + runId + "' is closed");
        }
        AgentSession rebuilt = session(found, storedTask(found), registry.parse(found.retriever()));
        rebuilt.restoreAnswered(store.answered(runId));
        rebuilt.restoreCalls(store.calls(runId));
        AgentSession raced = open.putIfAbsent(runId, rebuilt);
        return raced == null ? rebuilt : raced;
    }

    /**
     * What {@code GET} shows of a run: an open one live, a closed one from its row alone (whether or not its task is
     * still on disk), without questions (there is nothing left to work on).
     */
    public AgentRunView view(String runId, boolean withQuestions) {
        AgentSession s = open.get(runId);
        if (s != null) {
            return AgentRunView.of(s, withQuestions);
        }
        AgentRunSpec found = spec(runId);
        Optional<AgentRunStore.Totals> closed = store.closedTotals(runId);
        return closed.isPresent() ? AgentRunView.closed(found, closed.get()) : AgentRunView.of(get(runId), withQuestions);
    }

    /** A run was closed: its session (the corpus and questions it holds) leaves memory; its row tells the rest. */
    void closed(String runId) {
        open.remove(runId);
    }

    /** The stored run; 404 naming it when there is none. */
    AgentRunSpec spec(String runId) {
        return store.find(runId).orElseThrow(() -> RequestRejectedException.notFound("no agent run '" + runId + "'"));
    }

    /** The task of a stored open run; a task that cannot be read any more is a conflict naming it, not the server's path. */
    private AgentTask storedTask(AgentRunSpec spec) {
        try {
            return readTask(Path.of(spec.taskLocation()));
        } catch (RuntimeException e) {
            throw RequestRejectedException.conflict("agent run '" + spec.id() + "' is open but its task '" + spec.taskId()
                    + "' cannot be read any more: " + roots.hide(io.clirbench.core.io.FailureMessage.of(e)));
        }
    }

    private AgentSession session(AgentRunSpec spec, AgentTask task, RetrieverId retriever) {
        CorpusConfiguration configuration = task.configuration(spec.configuration());
        DatasetInfo info = new DatasetInfo("agent-" + task.id() + "-" + configuration.name(), task.id(), "1", null, null,
                List.of(), false);
        Dataset corpus = new Dataset(info, ConfiguredCorpus.of(task, configuration), List.of(), Qrels.of(Map.of()));
        Map<String, GroundTruth> questions = new LinkedHashMap<>();
        task.queries().forEach(q -> questions.put(q.queryId(), q));
        return new AgentSession(spec, retriever, corpus, questions);
    }

    private RetrieverId retriever(String text, List<InvalidField> bad) {
        if (text == null || text.isBlank()) {
            bad.add(new InvalidField("retriever", text, "required, e.g. bm25 or all-minilm-l6-v2/exact (kinds: "
                    + registry.kinds() + ")"));
            return null;
        }
        try {
            RetrieverId id = registry.parse(text);
            if (registry.find(id).isEmpty()) {
                bad.add(new InvalidField("retriever", text, "this gateway runs the kinds " + registry.kinds()));
                return null;
            }
            Optional<String> problem = registry.of(id).problem(id);
            problem.ifPresent(p -> bad.add(new InvalidField("retriever", text, p)));
            return problem.isPresent() ? null : id;
        } catch (RetrieverIdException e) {
            bad.add(new InvalidField("retriever", text, e.getMessage()));
            return null;
        }
    }

    private AgentTask task(String location, List<InvalidField> bad) {
        if (location == null || location.isBlank()) {
            bad.add(new InvalidField("task", location, "required: the task directory"));
            return null;
        }
        Path dir;
        try {
            dir = roots.resolve(location, "task");
        } catch (RequestRejectedException e) {
            bad.addAll(e.fields());
            return null;
        }
        try {
            AgentTask task = readTask(dir);
            if (task.queries().isEmpty()) {
                bad.add(new InvalidField("task", location, "the task has no questions"));
                return null;
            }
            return task;
        } catch (RuntimeException e) {
            bad.add(new InvalidField("task", location, roots.hide(e.getMessage())));
            return null;
        }
    }

    private AgentTask readTask(Path dir) {
        // a task is read once; before that its directory is checked again (no link placed since, nothing outside the roots)
        return tasks.computeIfAbsent(dir.toAbsolutePath().normalize(), d -> AgentTaskReader.read(roots.checkStored(d)));
    }
}
