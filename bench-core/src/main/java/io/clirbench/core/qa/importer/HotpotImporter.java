package io.clirbench.core.qa.importer;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.qa.model.QaInstance;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Imports a HotpotQA official file: a JSON array of {@code {_id, question, answer, supporting_facts
 * [[title, sent_id]], context [[title, [sentences]]], type, level}}. The instance id is the {@code _id}
 * (so HotpotQA prediction files match it) and every candidate gets the given language.
 */
public final class HotpotImporter {

    private HotpotImporter() {
    }

    /** The instances of the file; throws listing every problem. */
    public static List<QaInstance> read(Path file, String language, String split) {
        return HotpotShape.read(file, language, split, (node, json) -> {
            String id = json.string(node, "_id", "");
            List<HotpotShape.Paragraph> paragraphs = new ArrayList<>();
            JsonNode context = json.array(node, "context", "");
            if (context != null) {
                for (JsonNode pair : context) {
                    if (!pair.isArray() || pair.size() != 2 || !pair.get(0).isTextual() || !pair.get(1).isArray()) {
                        json.problem("context entries must be [title, [sentences]], found " + JsonValues.quote(pair.toString()));
                        continue;
                    }
                    List<String> sentences = new ArrayList<>();
                    pair.get(1).forEach(s -> sentences.add(s.asText()));
                    paragraphs.add(new HotpotShape.Paragraph(pair.get(0).textValue(), sentences));
                }
            }
            List<HotpotShape.TitledFact> facts = new ArrayList<>();
            JsonNode sp = json.array(node, "supporting_facts", "");
            if (sp != null) {
                for (JsonNode pair : sp) {
                    if (!pair.isArray() || pair.size() != 2 || !pair.get(0).isTextual() || !pair.get(1).isIntegralNumber()
                            || pair.get(1).intValue() < 0) {
                        json.problem("supporting_facts entries must be [title, sentence index], found " + JsonValues.quote(pair.toString()));
                        continue;
                    }
                    facts.add(new HotpotShape.TitledFact(pair.get(0).textValue(), pair.get(1).intValue()));
                }
            }
            return new HotpotShape.Unpacked(id, paragraphs, facts);
        });
    }
}
