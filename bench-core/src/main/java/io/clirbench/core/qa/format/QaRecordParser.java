package io.clirbench.core.qa.format;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.SupportingFact;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns one canonical JSON line into a {@link QaInstance}, checking structure only (fields present, of the
 * right type). Meaning (languages, fact references, duplicates) is {@link QaValidator}'s job, so the audit
 * can look at a dataset the strict reader would reject. Unknown fields (e.g. XHotpotQA's {@code checksum})
 * are ignored.
 */
public final class QaRecordParser {

    /** The values {@code status} may take. */
    public static final Set<String> STATUSES = Set.of("accepted", "review_required", "quarantined");

    private QaRecordParser() {
    }

    /** The instance on this line, or null after recording its problems. */
    public static QaInstance parse(String text, String file, int line, Problems problems) {
        int before = problems.size();
        JsonNode node = JsonValues.parse(text, file, line, problems);
        if (node == null) {
            return null;
        }
        QaJson json = new QaJson(file, line, problems);
        if (!node.isObject()) {
            json.problem("not a JSON object: " + JsonValues.quote(text));
            return null;
        }
        String id = json.string(node, "id", "");
        String sourceId = json.optionalString(node, "source_id", "");
        String question = json.string(node, "question", "");
        String answer = json.string(node, "answer", "");
        String questionLanguage = json.string(node, "question_language", "");
        String answerLanguage = json.string(node, "answer_language", "");
        String status = json.optionalString(node, "status", "");
        if (status != null && !STATUSES.contains(status)) {
            json.problem("unknown status " + JsonValues.quote(status) + " (expected accepted, review_required or quarantined)");
        }
        List<Candidate> candidates = candidates(node, json);
        List<SupportingFact> facts = facts(node, json);
        Map<String, Object> provenance = provenance(node, json);
        if (problems.size() > before) {
            return null;
        }
        return new QaInstance(id, sourceId == null ? id : sourceId, json.optionalString(node, "source_split", ""),
                json.optionalString(node, "question_type", ""), json.optionalString(node, "difficulty", ""), question, answer,
                questionLanguage, answerLanguage, candidates, facts, status, provenance);
    }

    private static List<Candidate> candidates(JsonNode node, QaJson json) {
        JsonNode array = json.array(node, "candidates", "");
        List<Candidate> out = new ArrayList<>();
        if (array == null) {
            return out;
        }
        for (int i = 0; i < array.size(); i++) {
            JsonNode c = array.get(i);
            String where = "candidates[" + i + "]: ";
            if (!c.isObject()) {
                json.problem(where + "not a JSON object");
                continue;
            }
            String id = json.string(c, "id", where);
            String title = json.string(c, "title", where);
            List<String> sentences = json.strings(c, "sentences", where, false);
            String language = json.string(c, "language", where);
            String sourceTitle = json.optionalString(c, "source_title", where);
            List<String> sourceSentences = json.strings(c, "source_sentences", where, true);
            if (id != null && title != null && sentences != null && language != null) {
                out.add(new Candidate(id, title, sentences, language, sourceTitle, sourceSentences));
            }
        }
        return out;
    }

    private static List<SupportingFact> facts(JsonNode node, QaJson json) {
        JsonNode array = json.array(node, "supporting_facts", "");
        return array == null ? new ArrayList<>() : factList(array, json);
    }

    /**
     * The {@code [{"paragraph_id", "sentence_id", "role"?}]} list of a gold record or a prediction line;
     * a bad entry is recorded (with its index) and left out.
     */
    static List<SupportingFact> factList(JsonNode array, QaJson json) {
        List<SupportingFact> out = new ArrayList<>();
        for (int i = 0; i < array.size(); i++) {
            JsonNode f = array.get(i);
            String where = "supporting_facts[" + i + "]: ";
            if (!f.isObject()) {
                json.problem(where + "not a JSON object, found " + JsonValues.quote(f.toString()));
                continue;
            }
            String paragraph = json.string(f, "paragraph_id", where);
            int sentence = json.index(f, "sentence_id", where);
            String role = json.optionalString(f, "role", where);
            if (paragraph != null && sentence >= 0) {
                out.add(new SupportingFact(paragraph, sentence, role));
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> provenance(JsonNode node, QaJson json) {
        JsonNode value = node.get("provenance");
        if (value == null || value.isNull()) {
            return Map.of();
        }
        if (!value.isObject()) {
            json.problem("'provenance' must be an object, found " + JsonValues.quote(value.toString()));
            return Map.of();
        }
        return (Map<String, Object>) JsonValues.toJava(value);
    }
}
