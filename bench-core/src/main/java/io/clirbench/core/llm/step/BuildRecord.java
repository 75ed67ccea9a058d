package io.clirbench.core.llm.step;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.llm.Decoding;
import io.clirbench.core.llm.LlmReply;
import io.clirbench.core.llm.Prompt;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What a build's steps asked, gathered by the {@link StepRunner} from every unit's calls: per role the model, its
 * revision, the models the endpoint reported, the prompt files (id, version, SHA-256) and decodings used, with call
 * counts (retries and calls served from the journal included, so a resumed build records the same); and every
 * unusable reply with its unit, attempt and reason. Everything is kept sorted, so the record does not depend on which
 * thread finished first. Thread-safe.
 */
public final class BuildRecord {

    /** The file of unusable replies a build writes beside its outputs. */
    public static final String UNUSABLE_REPLIES = "unusable-replies.jsonl";

    private static final ObjectMapper JSON = new ObjectMapper();

    private record Unusable(int step, int unit, int seq, String role, Prompt prompt, int attempt, String reason, String reply) {
    }

    private static final class RoleUse {
        String model;
        String revision;
        long calls;
        final TreeSet<String> reported = new TreeSet<>();
        final TreeMap<String, long[]> prompts = new TreeMap<>(); // id \t version \t sha256 -> calls
        final TreeSet<String> decodings = new TreeSet<>();
    }

    private final List<String> steps = new ArrayList<>();
    private final Map<String, RoleUse> roles = new TreeMap<>();
    private final List<Unusable> unusable = new ArrayList<>();

    /** Registers a step about to run; its index orders the unusable replies. */
    synchronized int startStep(String name) {
        steps.add(name);
        return steps.size() - 1;
    }

    synchronized void call(String role, String model, String revision, Prompt prompt, Decoding decoding, LlmReply reply) {
        RoleUse r = roles.computeIfAbsent(role, k -> new RoleUse());
        r.model = model;
        r.revision = revision;
        r.calls++;
        if (!reply.reportedModel().isEmpty()) {
            r.reported.add(reply.reportedModel());
        }
        r.prompts.computeIfAbsent(prompt.templateId() + "\t" + prompt.version() + "\t" + prompt.sha256(), k -> new long[1])[0]++;
        r.decodings.add(decoding.temperature() + "\t" + decoding.maxTokens());
    }

    synchronized void unusable(int step, int unit, int seq, String role, Prompt prompt, int attempt, String reason, String reply) {
        unusable.add(new Unusable(step, unit, seq, role, prompt, attempt, reason, reply));
    }

    /**
     * {@code {"ROLE": {"model", "model_revision"?, "reported_models": [...], "calls", "prompts": [{"id", "version",
     * "sha256", "calls"}], "decodings": [{"temperature", "max_tokens"}]}}}, roles sorted by name.
     */
    public synchronized ObjectNode provenance() {
        ObjectNode out = JSON.createObjectNode();
        roles.forEach((role, r) -> {
            ObjectNode o = out.putObject(role).put("model", r.model);
            if (!r.revision.isEmpty()) {
                o.put("model_revision", r.revision);
            }
            r.reported.forEach(o.putArray("reported_models")::add);
            o.put("calls", r.calls);
            ArrayNode prompts = o.putArray("prompts");
            r.prompts.forEach((k, n) -> {
                String[] f = k.split("\t", -1);
                prompts.addObject().put("id", f[0]).put("version", f[1]).put("sha256", f[2]).put("calls", n[0]);
            });
            ArrayNode decodings = o.putArray("decodings");
            r.decodings.forEach(d -> {
                String[] f = d.split("\t");
                decodings.addObject().put("temperature", Double.parseDouble(f[0])).put("max_tokens", Integer.parseInt(f[1]));
            });
        });
        return out;
    }

    /** How many unusable replies were asked again or given up on. */
    public synchronized int unusableCount() {
        return unusable.size();
    }

    /**
     * One JSON line per unusable reply, by step, unit and order of asking: {@code step}, {@code unit} (0-based, in the
     * step's unit order), {@code role}, {@code prompt_id}, {@code attempt}, {@code reason}, {@code reply}.
     */
    public synchronized String unusableRepliesJsonl() {
        StringBuilder sb = new StringBuilder();
        unusable.stream().sorted(Comparator.comparingInt(Unusable::step).thenComparingInt(Unusable::unit).thenComparingInt(Unusable::seq))
                .forEach(u -> sb.append(JSON.createObjectNode().put("step", steps.get(u.step())).put("unit", u.unit())
                        .put("role", u.role()).put("prompt_id", u.prompt().templateId()).put("attempt", u.attempt())
                        .put("reason", u.reason()).put("reply", u.reply())).append('\n'));
        return sb.toString();
    }
}
