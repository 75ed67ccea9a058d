package io.clirbench.core.qa.importer;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.qa.model.QaInstance;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Imports Hugging Face {@code hotpot_qa} rows (JSON lines or a JSON array): {@code {id, question, answer,
 * type, level, supporting_facts: {title[], sent_id[]}, context: {title[], sentences[][]}}}.
 */
public final class HfHotpotImporter {

    private HfHotpotImporter() {
    }

    /** The instances of the file; throws listing every problem. */
    public static List<QaInstance> read(Path file, String language, String split) {
        return HotpotShape.read(file, language, split, (node, json) -> {
            String id = json.string(node, "id", "");
            List<HotpotShape.Paragraph> paragraphs = new ArrayList<>();
            JsonNode context = node.path("context");
            List<String> titles = json.strings(context, "title", "context.", false);
            JsonNode sentences = context.path("sentences");
            if (titles != null) {
                if (!sentences.isArray() || sentences.size() != titles.size()) {
                    json.problem("context.sentences must be a list with one list per title (" + titles.size() + "), found "
                            + JsonValues.quote(sentences.toString()));
                } else {
                    for (int i = 0; i < titles.size(); i++) {
                        List<String> list = new ArrayList<>();
                        sentences.get(i).forEach(s -> list.add(s.asText()));
                        paragraphs.add(new HotpotShape.Paragraph(titles.get(i), list));
                    }
                }
            }
            List<HotpotShape.TitledFact> facts = new ArrayList<>();
            JsonNode sp = node.path("supporting_facts");
            List<String> spTitles = json.strings(sp, "title", "supporting_facts.", false);
            JsonNode sentIds = sp.path("sent_id");
            if (spTitles != null) {
                if (!sentIds.isArray() || sentIds.size() != spTitles.size()) {
                    json.problem("supporting_facts.sent_id must have one index per title (" + spTitles.size() + "), found "
                            + JsonValues.quote(sentIds.toString()));
                } else {
                    for (int i = 0; i < spTitles.size(); i++) {
                        JsonNode s = sentIds.get(i);
                        if (!s.isIntegralNumber() || s.intValue() < 0) {
                            json.problem("supporting_facts.sent_id[" + i + "] must be a non-negative integer, found " + JsonValues.quote(s.toString()));
                        } else {
                            facts.add(new HotpotShape.TitledFact(spTitles.get(i), s.intValue()));
                        }
                    }
                }
            }
            return new HotpotShape.Unpacked(id, paragraphs, facts);
        });
    }
}
