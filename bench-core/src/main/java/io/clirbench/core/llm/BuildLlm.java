package io.clirbench.core.llm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The one way a building pipeline asks a model: by role ({@code generator}, {@code translator}, {@code verifier},
 * {@code judge}), through the response cache ({@link CallJournal}; a cached call is free and gives the same bytes),
 * within the {@link Budget}. Thread-safe: pipelines call it from several items at once.
 *
 * <p>{@link #askParsed} (of {@link LlmCalls}) asks again when a reply is unusable, at most {@code maxAttempts} replies.
 */
public final class BuildLlm implements LlmCalls, AutoCloseable {


    private final Map<String, LlmPort> roles;
    private final Map<String, String> revisions;
    private final CallJournal journal;
    private final Budget budget;
    private final AtomicLong paidThisRun = new AtomicLong();
    private final AtomicLong cachedThisRun = new AtomicLong();

    public BuildLlm(Map<String, LlmPort> roles, CallJournal journal, Budget budget) {
        this(roles, Map.of(), journal, budget);
    }

    /** With the revision of some roles' models ({@code models.json} {@code revision}; a role not listed has none). */
    public BuildLlm(Map<String, LlmPort> roles, Map<String, String> revisions, CallJournal journal, Budget budget) {
        this.roles = Map.copyOf(roles);
        this.revisions = Map.copyOf(revisions);
        this.journal = journal;
        this.budget = budget;
        journal.entries().forEach(e -> budget.spend(e.model(), e.reply()));
    }

    @Override
    public String model(String role) {
        return port(role).model();
    }

    @Override
    public String revision(String role) {
        port(role);
        return revisions.getOrDefault(role, "");
    }

    public boolean has(String role) {
        return roles.containsKey(role);
    }

    private LlmPort port(String role) {
        LlmPort p = roles.get(role);
        if (p == null) {
            throw new IllegalArgumentException("no model is configured for the role '" + role + "' (models.json: \"" + role
                    + "\": {\"base_url\": ..., \"model\": ...})");
        }
        return p;
    }

    /** One reply: from the cache, or paid (checked against the budget, journaled before it is returned). */
    @Override
    public LlmReply ask(String role, Prompt prompt, Decoding decoding) throws InterruptedException {
        LlmPort port = port(role);
        String key = CallKey.of(port.model(), revisions.getOrDefault(role, ""), prompt.messages(), decoding);
        Optional<LlmReply> cached = journal.find(key);
        if (cached.isPresent()) {
            cachedThisRun.incrementAndGet();
            return cached.get();
        }
        budget.checkBeforeCall();
        LlmReply reply = port.complete(prompt.messages(), decoding);
        journal.record(key, port.model(), reply);
        budget.spend(port.model(), reply);
        paidThisRun.incrementAndGet();
        return reply;
    }

    /** Per model, sorted by name: every call the journal holds (this build's, resumed runs included). */
    public List<ModelUsage> usage() {
        Map<String, long[]> tally = new TreeMap<>();
        for (CallJournal.Entry e : journal.entries()) {
            long[] t = tally.computeIfAbsent(e.model(), m -> new long[3]);
            t[0]++;
            t[1] += e.reply().promptTokens();
            t[2] += e.reply().completionTokens();
        }
        List<ModelUsage> out = new ArrayList<>();
        tally.forEach((m, t) -> out.add(new ModelUsage(m, t[0], t[1], t[2], budget.price(m).of(t[1], t[2]))));
        return out;
    }

    /** Calls paid in this process (not served from the journal). */
    public long paidThisRun() {
        return paidThisRun.get();
    }

    /** Calls served from the journal in this process. */
    public long cachedThisRun() {
        return cachedThisRun.get();
    }

    /** Tokens of the whole build so far (the budget's count). */
    public long tokens() {
        return budget.tokens();
    }

    public double cost() {
        return budget.cost();
    }

    /** Closes the journal. */
    @Override
    public void close() {
        journal.close();
    }
}
