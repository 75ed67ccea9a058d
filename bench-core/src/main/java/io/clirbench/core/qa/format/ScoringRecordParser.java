package io.clirbench.core.qa.format;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.clirbench.core.dataset.JsonValues;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import io.clirbench.core.qa.model.SupportingFact;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The scoring view of one canonical JSON line, read with Jackson's streaming parser and no tree: every field the
 * scoring, the descriptors and {@link QaValidator} use, and of the candidates' sentences only their number (the
 * texts are scanned, never decoded: each is {@code ""}); {@code provenance} is scanned and dropped. The JSON is
 * checked as {@link QaRecordParser} checks it (same parser features, duplicate keys included), but this parser
 * reports nothing: a line it is not sure of (a problem, a type it does not expect, trailing content) gives
 * {@code null}, and the caller parses that line with {@link QaRecordParser}, which names the problem. So a line it
 * accepts is one the full parser accepts, with the same values.
 */
final class ScoringRecordParser {

    private static final List<String> EMPTY = List.of();

    private ScoringRecordParser() {
    }

    /** The instance, or null when the full parser must look at this line. */
    static QaInstance parse(String text) {
        if (io.clirbench.core.io.StrictText.maySurrogateEscape(text) && halfAPair(text)) {
            return null; // the full parser names it
        }
        try (JsonParser p = JsonValues.MAPPER.createParser(text)) {
            QaInstance instance = record(p);
            return instance != null && p.nextToken() == null ? instance : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    // whether a string or name of the line holds half a surrogate pair (a \\u escape); rare, so the tree is made for it
    private static boolean halfAPair(String text) {
        try {
            return io.clirbench.core.io.StrictText.loneSurrogate(JsonValues.MAPPER.readTree(text)) != null;
        } catch (IOException e) {
            return true;
        }
    }

    private static QaInstance record(JsonParser p) throws IOException {
        if (p.nextToken() != JsonToken.START_OBJECT) {
            return null;
        }
        String id = null;
        String sourceId = null;
        String sourceSplit = null;
        String questionType = null;
        String difficulty = null;
        String question = null;
        String answer = null;
        String questionLanguage = null;
        String answerLanguage = null;
        String status = null;
        List<Candidate> candidates = null;
        List<SupportingFact> facts = null;
        boolean[] bad = {false};
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken t = p.nextToken();
            switch (field) {
                case "id" -> id = required(p, t);
                case "question" -> question = required(p, t);
                case "answer" -> answer = required(p, t);
                case "question_language" -> questionLanguage = required(p, t);
                case "answer_language" -> answerLanguage = required(p, t);
                case "source_id" -> sourceId = optional(p, t, bad);
                case "source_split" -> sourceSplit = optional(p, t, bad);
                case "question_type" -> questionType = optional(p, t, bad);
                case "difficulty" -> difficulty = optional(p, t, bad);
                case "status" -> status = optional(p, t, bad);
                case "candidates" -> candidates = candidates(p, t);
                case "supporting_facts" -> facts = facts(p, t);
                case "provenance" -> {
                    if (t != JsonToken.START_OBJECT && t != JsonToken.VALUE_NULL) {
                        return null;
                    }
                    p.skipChildren();
                }
                default -> p.skipChildren(); // unknown fields are ignored, as QaRecordParser ignores them
            }
            if (bad[0]) {
                return null;
            }
        }
        if (p.currentToken() != JsonToken.END_OBJECT || id == null || question == null || answer == null || questionLanguage == null
                || answerLanguage == null || candidates == null || facts == null
                || (status != null && !QaRecordParser.STATUSES.contains(status))) {
            return null;
        }
        return new QaInstance(id, sourceId == null ? id : sourceId, sourceSplit, questionType, difficulty, question, answer,
                questionLanguage, answerLanguage, candidates, facts, status, Map.of());
    }

    // a string (null for anything else, which makes the record the full parser's)
    private static String required(JsonParser p, JsonToken t) throws IOException {
        if (t != JsonToken.VALUE_STRING) {
            p.skipChildren();
            return null;
        }
        return p.getText();
    }

    private static String optional(JsonParser p, JsonToken t, boolean[] bad) throws IOException {
        if (t == JsonToken.VALUE_NULL) {
            return null;
        }
        if (t != JsonToken.VALUE_STRING) {
            bad[0] = true;
            p.skipChildren();
            return null;
        }
        return p.getText();
    }

    private static List<Candidate> candidates(JsonParser p, JsonToken t) throws IOException {
        if (t != JsonToken.START_ARRAY) {
            p.skipChildren();
            return null;
        }
        List<Candidate> out = new ArrayList<>();
        while (p.nextToken() == JsonToken.START_OBJECT) {
            String id = null;
            String title = null;
            String language = null;
            String sourceTitle = null;
            int sentences = -1;
            int sourceSentences = -2; // -2 absent or null
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken v = p.nextToken();
                switch (field) {
                    case "id" -> id = required(p, v);
                    case "title" -> title = required(p, v);
                    case "language" -> language = required(p, v);
                    case "source_title" -> {
                        if (v == JsonToken.VALUE_STRING) {
                            sourceTitle = p.getText();
                        } else if (v != JsonToken.VALUE_NULL) {
                            return null;
                        }
                    }
                    case "sentences" -> {
                        sentences = count(p, v);
                        if (sentences < 0) {
                            return null;
                        }
                    }
                    case "source_sentences" -> {
                        if (v != JsonToken.VALUE_NULL) {
                            sourceSentences = count(p, v);
                            if (sourceSentences < 0) {
                                return null;
                            }
                        }
                    }
                    default -> p.skipChildren();
                }
            }
            if (id == null || title == null || language == null || sentences < 0) {
                return null;
            }
            out.add(new Candidate(id, title, sentences == 0 ? EMPTY : Collections.nCopies(sentences, ""), language, sourceTitle,
                    sourceSentences < 0 ? null : Collections.nCopies(sourceSentences, "")));
        }
        return p.currentToken() == JsonToken.END_ARRAY ? out : null;
    }

    // the number of strings of an array of strings, their texts not decoded; -1 for anything else
    private static int count(JsonParser p, JsonToken t) throws IOException {
        if (t != JsonToken.START_ARRAY) {
            return -1;
        }
        int n = 0;
        JsonToken e;
        while ((e = p.nextToken()) == JsonToken.VALUE_STRING) {
            n++;
        }
        return e == JsonToken.END_ARRAY ? n : -1;
    }

    private static List<SupportingFact> facts(JsonParser p, JsonToken t) throws IOException {
        if (t != JsonToken.START_ARRAY) {
            p.skipChildren();
            return null;
        }
        List<SupportingFact> out = new ArrayList<>();
        while (p.nextToken() == JsonToken.START_OBJECT) {
            String paragraph = null;
            int sentence = -1;
            String role = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken v = p.nextToken();
                switch (field) {
                    case "paragraph_id" -> paragraph = required(p, v);
                    case "sentence_id" -> {
                        if (v != JsonToken.VALUE_NUMBER_INT || p.getNumberType() != JsonParser.NumberType.INT || p.getIntValue() < 0) {
                            return null;
                        }
                        sentence = p.getIntValue();
                    }
                    case "role" -> {
                        if (v == JsonToken.VALUE_STRING) {
                            role = p.getText();
                        } else if (v != JsonToken.VALUE_NULL) {
                            return null;
                        }
                    }
                    default -> p.skipChildren();
                }
            }
            if (paragraph == null || sentence < 0) {
                return null;
            }
            out.add(new SupportingFact(paragraph, sentence, role));
        }
        return p.currentToken() == JsonToken.END_ARRAY ? out : null;
    }
}
