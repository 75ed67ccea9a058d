package io.clirbench.core.qa.importer;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.Problems;
import io.clirbench.core.qa.format.QaJson;
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
 * What the HotpotQA official and Hugging Face shapes have in common once their lists are unpacked:
 * titles with sentences, facts as (title, sentence index). Candidates get positional ids {@code p00},
 * {@code p01}, ... and every candidate the language given on the command line; a fact names the first
 * candidate with its title (an unknown title is an error naming the value).
 */
final class HotpotShape {

    private HotpotShape() {
    }

    record Paragraph(String title, List<String> sentences) {
    }

    record TitledFact(String title, int sentence) {
    }

    /** One record unpacked from its shape: the id (null when missing), the paragraphs and the titled facts. */
    record Unpacked(String id, List<Paragraph> paragraphs, List<TitledFact> facts) {
    }

    /** Unpacks one record of a shape, recording its problems. */
    @FunctionalInterface
    interface Unpacker {
        Unpacked unpack(JsonNode node, QaJson json);
    }

    /** Reads every record of the file with the shape's unpacker, validates the instances and throws every problem at once. */
    static List<QaInstance> read(Path file, String language, String split, Unpacker unpacker) {
        String name = file.getFileName().toString();
        Problems problems = new Problems();
        List<QaInstance> out = new ArrayList<>();
        QaValidator validator = new QaValidator(name, problems);
        JsonRecords.forEach(file, problems, (node, line) -> {
            QaJson json = new QaJson(name, line, problems);
            int before = problems.size();
            if (!node.isObject()) {
                json.problem("not a JSON object: " + JsonValues.quote(node.toString()));
                return;
            }
            Unpacked u = unpacker.unpack(node, json);
            if (u.id() == null) {
                return;
            }
            QaInstance instance = instance(node, u.id(), u.paragraphs(), u.facts(), language, split, json);
            if (problems.size() == before) {
                validator.check(instance, line);
                out.add(instance);
            }
        });
        problems.throwIfAny();
        return out;
    }

    static QaInstance instance(JsonNode node, String id, List<Paragraph> paragraphs, List<TitledFact> titled, String language,
                               String split, QaJson json) {
        List<Candidate> candidates = new ArrayList<>();
        Map<String, String> idOfTitle = new LinkedHashMap<>();
        for (int i = 0; i < paragraphs.size(); i++) {
            String pid = String.format(java.util.Locale.ROOT, "p%02d", i);
            Paragraph p = paragraphs.get(i);
            candidates.add(new Candidate(pid, p.title(), p.sentences(), language, null, null));
            idOfTitle.putIfAbsent(p.title(), pid);
        }
        List<SupportingFact> facts = new ArrayList<>();
        for (TitledFact f : titled) {
            String pid = idOfTitle.get(f.title());
            if (pid == null) {
                json.problem("supporting fact title " + JsonValues.quote(f.title()) + " is not the title of any context paragraph");
            } else {
                facts.add(new SupportingFact(pid, f.sentence(), "support"));
            }
        }
        String question = json.string(node, "question", "");
        String answer = json.string(node, "answer", "");
        Map<String, Object> provenance = new LinkedHashMap<>();
        provenance.put("source_dataset", "hotpotqa/hotpot_qa");
        provenance.put("source_license", "CC-BY-SA-4.0");
        return new QaInstance(id, id, split, json.optionalString(node, "type", ""), json.optionalString(node, "level", ""),
                question == null ? "" : question, answer == null ? "" : answer, language, language, candidates, facts, null, provenance);
    }
}
