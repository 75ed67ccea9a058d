package io.clirbench.gateway.agent;

import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.model.Dataset;
import io.clirbench.core.model.Document;
import io.clirbench.core.search.RetrieverId;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * An open (or closed) agent run in memory: the configured corpus it searches, its questions, and the counters of
 * what was published. Call indexes are per query, in the order the gateway served the calls; each published call is
 * recorded in the store, and a session rebuilt after a restart continues the numbering from there.
 */
public final class AgentSession {

    private final AgentRunSpec spec;
    private final RetrieverId retriever;
    private final Dataset corpus;
    private final Map<String, GroundTruth> questions;
    private final Map<String, AtomicInteger> nextCall = new ConcurrentHashMap<>();
    private final Set<String> answered = ConcurrentHashMap.newKeySet();
    private final Map<String, String> snippets = new ConcurrentHashMap<>();
    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicInteger answers = new AtomicInteger();
    private final LongAdder serveMicros = new LongAdder();
    private final LongAdder publishMicros = new LongAdder();
    private final LongAdder storeMicros = new LongAdder();
    private volatile boolean closed;
    private volatile boolean corpusIndexed;
    /** Calls and answers hold the read lock while they are served and published; closing takes the write lock. */
    private final ReadWriteLock lock = new ReentrantReadWriteLock();

    AgentSession(AgentRunSpec spec, RetrieverId retriever, Dataset corpus, Map<String, GroundTruth> questions) {
        this.spec = spec;
        this.retriever = retriever;
        this.corpus = corpus;
        this.questions = Map.copyOf(questions);
    }

    public AgentRunSpec spec() {
        return spec;
    }

    public RetrieverId retriever() {
        return retriever;
    }

    /** The configured corpus as a dataset without queries (the Retriever port's input). */
    public Dataset corpus() {
        return corpus;
    }

    public Map<String, GroundTruth> questions() {
        return questions;
    }

    public Document document(String docid) {
        return corpus.document(docid);
    }

    /** The search snippet of a document of this corpus: its first {@code snippetTokens} tokens, cut once per document. */
    String snippet(Document d) {
        return snippets.computeIfAbsent(d.id(), id -> Snippets.firstTokens(d.text(), spec.snippetTokens()));
    }

    /** Whether a search of this session found (or filled) the corpus in the retriever's collection. */
    boolean corpusIndexed() {
        return corpusIndexed;
    }

    void corpusIndexed(boolean known) {
        corpusIndexed = known;
    }

    /** The next call index of a query (0, 1, ...). */
    int nextCallIndex(String queryId) {
        return nextCall.computeIfAbsent(queryId, q -> new AtomicInteger()).getAndIncrement();
    }

    /** Calls of this query served so far. */
    int callsOf(String queryId) {
        AtomicInteger n = nextCall.get(queryId);
        return n == null ? 0 : n.get();
    }

    /** Marks the query answered; false when it already was. */
    boolean markAnswered(String queryId) {
        return answered.add(queryId);
    }

    void unmarkAnswered(String queryId) {
        answered.remove(queryId);
    }

    void restoreAnswered(Set<String> queryIds) {
        answered.addAll(queryIds);
        answers.set(answered.size());
    }

    /** After a restart: the call indexes and count the store recorded, so numbering goes on where it stopped. */
    void restoreCalls(AgentRunStore.CallCounts counts) {
        counts.nextIndex().forEach((query, next) -> nextCall.put(query, new AtomicInteger(next)));
        calls.set(counts.total());
    }

    void countCall(long serveMicros, long publishMicros, long storeMicros) {
        calls.incrementAndGet();
        this.serveMicros.add(serveMicros);
        this.publishMicros.add(publishMicros);
        this.storeMicros.add(storeMicros);
    }

    void countAnswer() {
        answers.incrementAndGet();
    }

    public int calls() {
        return calls.get();
    }

    public int answers() {
        return answers.get();
    }

    /** Total time spent serving calls (retrieval and formatting, before publishing), microseconds. */
    public long serveMicros() {
        return serveMicros.sum();
    }

    /** Total time spent publishing call events and waiting for the broker's acknowledgement, microseconds. */
    public long publishMicros() {
        return publishMicros.sum();
    }

    /** Total time spent recording published calls in the gateway's database (their indexes), microseconds. */
    public long storeMicros() {
        return storeMicros.sum();
    }

    /** The counts and times as they stand (what a closed run keeps in its row). */
    AgentRunStore.Totals totals() {
        return new AgentRunStore.Totals(questions.size(), calls(), answers(), serveMicros(), publishMicros(), storeMicros());
    }

    ReadWriteLock lock() {
        return lock;
    }

    public boolean closed() {
        return closed;
    }

    void close() {
        closed = true;
    }
}
