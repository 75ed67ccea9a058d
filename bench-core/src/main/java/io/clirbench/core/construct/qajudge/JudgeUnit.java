package io.clirbench.core.construct.qajudge;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;

/**
 * One translated unit to judge, as XHotpotQA's {@code JudgeRecord}: a paragraph (its sentences joined by a space, source
 * and translation), a question, or an answer (with the source question as context).
 *
 * @param sourceLanguage the source's language (the peer's is always English); not part of the record id
 * @param paragraphId the candidate paragraph's id; {@code null} for a question or an answer
 * @param contextQuestion the source question for an answer; empty otherwise
 */
public record JudgeUnit(String instanceId, String sourceId, String sourceSplit, String sourceLanguage, String language, Kind kind,
                        String paragraphId, String sourceText, String candidateText, String contextQuestion) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The peer's unit names; an answer has its own prompt. */
    public enum Kind {
        PARAGRAPH, QUESTION, ANSWER;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * The peer's {@code record_id}: the SHA-256 of its canonical JSON (keys sorted, no spaces) of instance id, language,
     * paragraph id (null for questions and answers), source id and unit.
     */
    public String recordId() {
        ObjectNode identity = JSON.createObjectNode().put("instance_id", instanceId).put("language", language);
        identity.put("paragraph_id", paragraphId);
        identity.put("source_id", sourceId).put("unit", kind.label());
        return sha256(write(identity));
    }

    /** The sample manifest's line (the peer's {@code JudgeRecord.to_dict} fields, in its order). */
    public ObjectNode manifest() {
        ObjectNode o = JSON.createObjectNode().put("record_id", recordId()).put("instance_id", instanceId).put("source_id", sourceId)
                .put("source_split", sourceSplit).put("language", language).put("unit", kind.label());
        o.put("paragraph_id", paragraphId);
        return o.put("source_text", sourceText).put("candidate_text", candidateText).put("context_question", contextQuestion);
    }

    /**
     * The user message: the peer's {@code user_prompt}, canonical JSON (keys sorted, no spaces) of the unit, the
     * languages, both texts, the context question of an answer and the response schema. Language names are the
     * English names Java gives (the peer's table says "Mandarin Chinese" where Java says "Chinese").
     */
    public String userPayload() {
        ObjectNode o = JSON.createObjectNode().put("candidate_text", candidateText);
        if (!contextQuestion.isEmpty()) {
            o.put("context_question", contextQuestion);
        }
        o.set("response_schema", responseSchema());
        o.put("source_language", name(sourceLanguage)).put("source_text", sourceText).put("target_language_code", language)
                .put("target_language_name", name(language)).put("unit", kind.label());
        return write(o);
    }

    /** The peer's response schema, keys sorted as its canonical JSON writes them. */
    private static ObjectNode responseSchema() {
        ObjectNode s = JSON.createObjectNode().put("additionalProperties", false);
        ObjectNode p = s.putObject("properties");
        ObjectNode tags = p.putObject("error_tags");
        tags.putObject("items").put("type", "string");
        tags.put("type", "array");
        p.putObject("rationale").put("minLength", 1).put("type", "string");
        p.putObject("score").put("maximum", 100).put("minimum", 0).put("type", "integer");
        s.putArray("required").add("score").add("rationale").add("error_tags");
        return s.put("type", "object");
    }

    /** A language's English name ({@code German}), or its code when Java has none. */
    static String name(String code) {
        String name = Locale.forLanguageTag(code).getDisplayLanguage(Locale.ENGLISH);
        return name.isBlank() ? code : name;
    }

    static String write(ObjectNode o) {
        try {
            return JSON.writeValueAsString(o);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
