package io.clirbench.core.dataset.importer;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.dataset.LineReader;
import io.clirbench.core.dataset.Problems;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads a SQuAD v1.1 JSON file (plain or gzip) into its paragraphs, in article then paragraph order. */
public final class SquadFile {

    /**
     * One paragraph of a SQuAD file.
     *
     * @param article   the article title
     * @param index     the paragraph's index within its article
     * @param context   the paragraph text
     * @param questions its questions, in file order
     */
    public record Paragraph(String article, int index, String context, List<Question> questions) {
        public Paragraph {
            questions = List.copyOf(questions);
        }

        /** The question ids, in order: the alignment key across languages. */
        public List<String> questionIds() {
            return questions.stream().map(Question::id).toList();
        }
    }

    /**
     * One question with its answers.
     *
     * @param id           the SQuAD id, shared by the translations
     * @param text         the question
     * @param answers      the answer texts
     * @param answerStarts the answers' character offsets into the context
     */
    public record Question(String id, String text, List<String> answers, List<Integer> answerStarts) {
        public Question {
            answers = List.copyOf(answers);
            answerStarts = List.copyOf(answerStarts);
        }
    }

    private SquadFile() {
    }

    /** Reads the paragraphs; structural problems are recorded with their JSON path and an empty list is returned. */
    public static List<Paragraph> read(Path path, Problems problems) {
        String file = path.getFileName().toString();
        int before = problems.size();
        String text = LineReader.readAll(path, problems);
        JsonNode root = text == null ? null : JsonValues.parse(text, file, 0, problems);
        if (root == null) {
            return List.of();
        }
        List<Paragraph> paragraphs = new ArrayList<>();
        JsonNode data = root.path("data");
        if (!data.isArray()) {
            problems.add(file, "missing array 'data'");
        }
        for (int a = 0; a < data.size(); a++) {
            JsonNode article = data.get(a);
            String title = string(article, "title", file, "data[" + a + "]", problems);
            JsonNode paras = article.path("paragraphs");
            for (int p = 0; p < paras.size(); p++) {
                String where = "data[" + a + "].paragraphs[" + p + "]";
                String context = string(paras.get(p), "context", file, where, problems);
                List<Question> questions = questions(paras.get(p).path("qas"), file, where, problems);
                paragraphs.add(new Paragraph(title, p, context, questions));
            }
        }
        return problems.size() > before ? List.of() : paragraphs;
    }

    private static List<Question> questions(JsonNode qas, String file, String where, Problems problems) {
        List<Question> questions = new ArrayList<>();
        for (int q = 0; q < qas.size(); q++) {
            JsonNode qa = qas.get(q);
            String at = where + ".qas[" + q + "]";
            String id = string(qa, "id", file, at, problems);
            String question = string(qa, "question", file, at, problems);
            List<String> answers = new ArrayList<>();
            List<Integer> starts = new ArrayList<>();
            for (JsonNode answer : qa.path("answers")) {
                answers.add(answer.path("text").asText());
                starts.add(answer.path("answer_start").asInt(-1));
            }
            if (answers.isEmpty()) {
                problems.add(file, at + ": question " + JsonValues.quote(String.valueOf(id)) + " has no answer");
            }
            questions.add(new Question(id, question, answers, starts));
        }
        if (questions.isEmpty()) {
            problems.add(file, where + ": paragraph has no question");
        }
        return questions;
    }

    private static String string(JsonNode node, String field, String file, String where, Problems problems) {
        JsonNode value = node.get(field);
        if (value == null || !value.isTextual() || value.textValue().isBlank()) {
            problems.add(file, where + ": missing or empty string '" + field + "'");
            return null;
        }
        return value.textValue();
    }
}
