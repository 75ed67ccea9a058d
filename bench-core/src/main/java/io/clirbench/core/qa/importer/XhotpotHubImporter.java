package io.clirbench.core.qa.importer;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.qa.format.QaJson;
import io.clirbench.core.qa.format.QaRecordParser;
import io.clirbench.core.qa.format.QaValidator;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.SupportingFact;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Imports XHotpotQA exports: canonical JSON lines (as {@link io.clirbench.core.qa.format.QaDatasetReader} reads
 * them) or the Hub row shape (JSON lines of the Parquet release): candidates {@code {paragraph_id, title,
 * sentences, language_code, source_title}}, supporting facts {@code {source_title, paragraph_id, sentence_index,
 * in_bounds}}, {@code status}, {@code structural_flags}, {@code provenance}. A row is told apart by its
 * candidates having {@code paragraph_id}. A Hub fact with {@code in_bounds: false} or without a paragraph id
 * cannot be kept in the canonical schema: it is left out, listed in the instance's provenance under
 * {@code import_dropped_support} and counted in {@link Result#droppedFacts}; the Hub status is kept.
 */
public final class XhotpotHubImporter {

    /** The imported instances and how many Hub facts could not be kept. */
    public record Result(List<QaInstance> instances, int droppedFacts) {
    }

    private XhotpotHubImporter() {
    }

    /** The instances of the file; throws listing every problem. */
    public static Result read(Path file) {
        String name = file.getFileName().toString();
        Problems problems = new Problems();
        List<QaInstance> out = new ArrayList<>();
        QaValidator validator = new QaValidator(name, problems);
        int[] dropped = {0};
        JsonRecords.forEach(file, problems, (node, line) -> {
            int before = problems.size();
            QaJson json = new QaJson(name, line, problems);
            if (!node.isObject()) {
                json.problem("not a JSON object: " + JsonValues.quote(node.toString()));
                return;
            }
            QaInstance instance = node.path("candidates").path(0).has("paragraph_id")
                    ? hubRow(node, json, dropped)
                    : QaRecordParser.parse(node.toString(), name, line, problems);
            if (instance != null && problems.size() == before) {
                validator.check(instance, line);
                out.add(instance);
            }
        });
        problems.throwIfAny();
        return new Result(out, dropped[0]);
    }

    @SuppressWarnings("unchecked")
    private static QaInstance hubRow(JsonNode node, QaJson json, int[] dropped) {
        String id = json.string(node, "id", "");
        List<Candidate> candidates = new ArrayList<>();
        JsonNode array = json.array(node, "candidates", "");
        if (array != null) {
            for (int i = 0; i < array.size(); i++) {
                JsonNode c = array.get(i);
                String where = "candidates[" + i + "]: ";
                String pid = json.string(c, "paragraph_id", where);
                String title = json.string(c, "title", where);
                List<String> sentences = json.strings(c, "sentences", where, false);
                String language = json.string(c, "language_code", where);
                if (pid != null && title != null && sentences != null && language != null) {
                    candidates.add(new Candidate(pid, title, sentences, language, json.optionalString(c, "source_title", where), null));
                }
            }
        }
        List<SupportingFact> facts = new ArrayList<>();
        List<Map<String, Object>> left = new ArrayList<>();
        JsonNode sp = json.array(node, "supporting_facts", "");
        if (sp != null) {
            for (int i = 0; i < sp.size(); i++) {
                JsonNode f = sp.get(i);
                String where = "supporting_facts[" + i + "]: ";
                int sentence = json.index(f, "sentence_index", where);
                String pid = json.optionalString(f, "paragraph_id", where);
                boolean inBounds = f.path("in_bounds").asBoolean(true);
                if (sentence < 0) {
                    continue;
                }
                if (pid == null || !inBounds) {
                    Map<String, Object> fact = new LinkedHashMap<>();
                    fact.put("source_title", json.optionalString(f, "source_title", where));
                    fact.put("paragraph_id", pid);
                    fact.put("sentence_index", sentence);
                    left.add(fact);
                    dropped[0]++;
                } else {
                    facts.add(new SupportingFact(pid, sentence, "support"));
                }
            }
        }
        Map<String, Object> provenance = new LinkedHashMap<>();
        JsonNode p = node.get("provenance");
        if (p != null && p.isObject()) {
            provenance.putAll((Map<String, Object>) JsonValues.toJava(p));
        }
        if (node.has("structural_flags")) {
            provenance.put("structural_flags", JsonValues.toJava(node.get("structural_flags")));
        }
        if (!left.isEmpty()) {
            provenance.put("import_dropped_support", left);
        }
        String status = json.optionalString(node, "status", "");
        String question = json.string(node, "question", "");
        String answer = json.string(node, "answer", "");
        String ql = json.string(node, "question_language", "");
        String al = json.string(node, "answer_language", "");
        if (id == null || question == null || answer == null || ql == null || al == null) {
            return null;
        }
        if (status != null && !QaRecordParser.STATUSES.contains(status)) {
            json.problem("unknown status " + JsonValues.quote(status) + " (expected accepted, review_required or quarantined)");
        }
        String sourceId = json.optionalString(node, "source_id", "");
        return new QaInstance(id, sourceId == null ? id : sourceId, json.optionalString(node, "source_split", ""),
                json.optionalString(node, "question_type", ""), json.optionalString(node, "difficulty", ""), question, answer, ql, al,
                candidates, facts, status, provenance);
    }
}
