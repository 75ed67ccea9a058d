package io.clirbench.core.qa.export;

import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.SupportingFact;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One instance as an XHotpotQA v0.4.0 record ({@code xhotpotqa/data/models.py}: {@code XHotpotInstance.to_dict()}),
 * and what that schema has no place for (the sidecar). The rules, each forced by the peer's loader or its
 * {@code validate()}:
 * <ul>
 *   <li>{@code source_split} must be {@code train} or {@code validation}: those are kept, {@code dev} becomes
 *       {@code validation}, and {@code xquad} becomes {@code validation} (XQuAD is SQuAD v1.1's development set,
 *       Artetxe et al. 2020); any other split needs an explicit one ({@code --split}). The original goes to the sidecar.</li>
 *   <li>{@code question_type} and {@code difficulty} absent or null become the peer's default {@code unknown}.</li>
 *   <li>a supporting-fact role outside {@code bridge|answer|comparison|support} (or none) becomes {@code support}.</li>
 *   <li>{@code provenance} keeps the keys of the peer's {@code Provenance} with a value of its type, the peer's
 *       defaults fill the others (as its loader would); any other key goes to the sidecar. {@code status}, which its
 *       record has not, goes to the sidecar and, when the provenance has no {@code validation_status}, there too.</li>
 *   <li>{@code checksum} is the peer's {@code compute_checksum} (SHA-256 of the canonical JSON of the record with
 *       {@code checksum} empty, {@code created_at} and {@code validation_status} empty, {@code retry_count} 0 and an
 *       empty {@code assignment_manifest_sha256} removed), so that {@code xhotpotqa validate} passes.</li>
 * </ul>
 * What the loader would still refuse (an empty question, answer, title or sentence, no supporting fact, a repeated
 * fact, source sentences of another count) cannot be repaired without changing the data: it is reported.
 *
 * @param record  the peer's record, with {@code checksum}
 * @param sidecar {@code {"id", field: original value, ...}} for what the record could not hold, or null when nothing
 */
public record XhotpotRecord(Map<String, Object> record, Map<String, Object> sidecar) {

    private static final Set<String> ROLES = Set.of("bridge", "answer", "comparison", "support");
    private static final Map<String, String> SPLITS = Map.of("train", "train", "validation", "validation", "dev", "validation",
            "xquad", "validation");
    private static final String UNKNOWN = "unknown";

    /**
     * Maps one instance; {@code split} overrides every {@code source_split} when not null. Problems that the peer
     * would refuse are passed to {@code problem} (the record is then null).
     */
    public static XhotpotRecord of(QaInstance i, String split, Consumer<String> problem) {
        Map<String, Object> extra = new LinkedHashMap<>();
        List<String> wrong = new ArrayList<>();
        String sourceSplit = split != null ? split : i.sourceSplit() == null ? null : SPLITS.get(i.sourceSplit());
        if (sourceSplit == null) {
            wrong.add("source_split " + JsonValues.quote(String.valueOf(i.sourceSplit()))
                    + " has no XHotpotQA equivalent (train or validation); give one with --split");
        }
        if (!java.util.Objects.equals(sourceSplit, i.sourceSplit())) {
            extra.put("source_split", i.sourceSplit());
        }
        if (i.question().isBlank()) {
            wrong.add("the question is empty (XHotpotQA requires one)");
        }
        if (i.answer().isBlank()) {
            wrong.add("the answer is empty (XHotpotQA requires one)");
        }
        if (i.supportingFacts().isEmpty()) {
            wrong.add("no supporting facts (XHotpotQA requires at least one)");
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("id", i.id());
        r.put("source_id", i.sourceId());
        r.put("source_split", sourceSplit);
        r.put("question", i.question());
        r.put("answer", i.answer());
        r.put("question_language", i.questionLanguage());
        r.put("answer_language", i.answerLanguage());
        r.put("candidates", candidates(i, wrong));
        r.put("supporting_facts", facts(i, extra, wrong));
        r.put("question_type", orUnknown(i.questionType(), "question_type", extra));
        r.put("difficulty", orUnknown(i.difficulty(), "difficulty", extra));
        r.put("provenance", provenance(i, extra));
        if (!wrong.isEmpty()) {
            wrong.forEach(problem);
            return null;
        }
        r.put("checksum", "");
        r.put("checksum", checksum(r));
        if (extra.isEmpty()) {
            return new XhotpotRecord(r, null);
        }
        Map<String, Object> sidecar = new LinkedHashMap<>();
        sidecar.put("id", i.id());
        sidecar.putAll(extra);
        return new XhotpotRecord(r, sidecar);
    }

    /** The record's line as the peer writes it ({@code canonical_json(instance.to_dict())}), without the newline. */
    public String line() {
        return PythonJson.dumps(record);
    }

    private static List<Object> candidates(QaInstance i, List<String> wrong) {
        List<Object> out = new ArrayList<>();
        for (int k = 0; k < i.candidates().size(); k++) {
            Candidate c = i.candidates().get(k);
            String where = "candidates[" + k + "] (" + JsonValues.quote(c.id()) + "): ";
            if (c.title().isBlank()) {
                wrong.add(where + "the title is empty (XHotpotQA requires one)");
            }
            for (int s = 0; s < c.sentences().size(); s++) {
                if (c.sentences().get(s).isBlank()) {
                    wrong.add(where + "sentence " + s + " is empty (XHotpotQA requires text in every sentence)");
                }
            }
            if (c.sourceSentences() != null && c.sourceSentences().size() != c.sentences().size()) {
                wrong.add(where + c.sourceSentences().size() + " source sentences for " + c.sentences().size()
                        + " sentences (XHotpotQA requires the same count)");
            }
            Map<String, Object> n = new LinkedHashMap<>();
            n.put("id", c.id());
            n.put("title", c.title());
            n.put("sentences", c.sentences());
            n.put("language", c.language());
            n.put("source_title", c.sourceTitle());
            n.put("source_sentences", c.sourceSentences());
            out.add(n);
        }
        return out;
    }

    private static List<Object> facts(QaInstance i, Map<String, Object> extra, List<String> wrong) {
        List<Object> out = new ArrayList<>();
        List<String> roles = new ArrayList<>();
        boolean changed = false;
        Set<List<Object>> seen = new HashSet<>();
        for (int k = 0; k < i.supportingFacts().size(); k++) {
            SupportingFact f = i.supportingFacts().get(k);
            String role = f.role() != null && ROLES.contains(f.role()) ? f.role() : "support";
            changed |= !role.equals(f.role());
            roles.add(f.role());
            if (!seen.add(List.of(f.paragraphId(), f.sentenceId(), role))) {
                wrong.add("supporting_facts[" + k + "]: (" + JsonValues.quote(f.paragraphId()) + ", " + f.sentenceId() + ", " + role
                        + ") repeats an earlier fact (XHotpotQA refuses duplicates)");
            }
            Map<String, Object> n = new LinkedHashMap<>();
            n.put("paragraph_id", f.paragraphId());
            n.put("sentence_id", f.sentenceId());
            n.put("role", role);
            out.add(n);
        }
        if (changed) {
            extra.put("supporting_fact_roles", roles);
        }
        return out;
    }

    private static String orUnknown(String value, String field, Map<String, Object> extra) {
        if (value == null) {
            extra.put(field, null);
            return UNKNOWN;
        }
        return value;
    }

    private static Map<String, Object> provenance(QaInstance i, Map<String, Object> extra) {
        Map<String, Object> given = i.provenance();
        Map<String, Object> p = new LinkedHashMap<>();
        Map<String, Object> left = new LinkedHashMap<>();
        Map<String, Object> defaults = defaults();
        Set<String> known = defaults.keySet();
        for (Map.Entry<String, Object> e : given.entrySet()) {
            if (!known.contains(e.getKey()) || !fits(e.getKey(), e.getValue())) {
                left.put(e.getKey(), e.getValue());
            }
        }
        for (Map.Entry<String, Object> d : defaults.entrySet()) {
            Object v = given.get(d.getKey());
            p.put(d.getKey(), given.containsKey(d.getKey()) && fits(d.getKey(), v) ? v : d.getValue());
        }
        if (i.status() != null) {
            extra.put("status", i.status());
            if (!given.containsKey("validation_status")) {
                p.put("validation_status", i.status());
            }
        }
        if (!left.isEmpty()) {
            extra.put("provenance", left);
        }
        return p;
    }

    /** {@code Provenance()}'s defaults, in its field order ({@code xhotpotqa/data/models.py}). */
    private static Map<String, Object> defaults() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("schema_version", "xhotpotqa-record-v2");
        d.put("source_dataset", "hotpotqa/hotpot_qa");
        d.put("source_license", "CC-BY-SA-4.0");
        d.put("assignment_version", "");
        d.put("assignment_manifest_sha256", "");
        d.put("seed", null);
        d.put("translation_model", "");
        d.put("translation_revision", "");
        d.put("prompt_version", "");
        d.put("prompt_hash", "");
        d.put("retry_count", 0);
        d.put("created_at", "");
        d.put("validation_status", "");
        d.put("decoding", Map.of());
        return d;
    }

    private static boolean fits(String field, Object value) {
        return switch (field) {
            case "seed" -> value == null || isInteger(value);
            case "retry_count" -> isInteger(value);
            case "decoding" -> value instanceof Map<?, ?>;
            default -> value instanceof String;
        };
    }

    private static boolean isInteger(Object value) {
        return value instanceof Integer || value instanceof Long || value instanceof Short || value instanceof java.math.BigInteger;
    }

    /** XHotpotQA's {@code compute_checksum} ({@code xhotpotqa/data/checksum.py}). */
    @SuppressWarnings("unchecked")
    static String checksum(Map<String, Object> record) {
        Map<String, Object> payload = new LinkedHashMap<>(record);
        payload.put("checksum", "");
        Map<String, Object> p = new LinkedHashMap<>((Map<String, Object>) record.get("provenance"));
        p.put("created_at", "");
        p.put("retry_count", 0);
        p.put("validation_status", "");
        if ("".equals(p.get("assignment_manifest_sha256"))) {
            p.remove("assignment_manifest_sha256");
        }
        payload.put("provenance", p);
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(PythonJson.dumps(payload).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
