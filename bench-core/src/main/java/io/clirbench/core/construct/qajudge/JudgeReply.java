package io.clirbench.core.construct.qajudge;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.llm.ReplyJson;
import io.clirbench.core.llm.UnusableReplyException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A usable judge reply, as XHotpotQA's {@code _parse_judge_response} accepts it: one JSON object with exactly {@code
 * score} (an integer 0–100, not a number with a fraction), {@code rationale} (a non-empty string) and {@code error_tags}
 * (an array of strings), no key twice. A code fence or a sentence around the object is tolerated (the text between the
 * first {@code {} and the last {@code }} is parsed); anything else is unusable, naming what is wrong.
 */
public record JudgeReply(int score, String rationale, List<String> errorTags) {

    private static final ObjectMapper STRICT = new ObjectMapper().enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
    private static final Set<String> FIELDS = Set.of("score", "rationale", "error_tags");

    public JudgeReply {
        errorTags = List.copyOf(errorTags);
    }

    private static final java.util.regex.Pattern SCORE_LINE = java.util.regex.Pattern.compile("SCORE:\\s*(\\d{1,3})");

    /**
     * A reply to the legacy prompts (the paper's GLM-labelled artifacts, XHotpotQA's {@code LEGACY_JUDGE_*_PROMPT}): a short
     * explanation, then a last non-empty line that is exactly {@code SCORE: <integer>} (0–100; spaces around it and
     * Markdown emphasis tolerated, e.g. {@code **SCORE: 85**}). The explanation becomes the rationale; no error tags.
     */
    public static JudgeReply parseScoreLine(String content) throws UnusableReplyException {
        List<String> lines = content.strip().lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
        if (lines.isEmpty()) {
            throw new UnusableReplyException("the reply is empty");
        }
        String last = lines.get(lines.size() - 1).replace("*", "").strip();
        java.util.regex.Matcher m = SCORE_LINE.matcher(last);
        if (!m.matches()) {
            throw new UnusableReplyException("the last line must be exactly 'SCORE: <integer>', was '" + (last.length() > 60
                    ? last.substring(0, 60) + "..." : last) + "'");
        }
        int score = Integer.parseInt(m.group(1));
        if (score > 100) {
            throw new UnusableReplyException("the SCORE must be from 0 to 100, was " + score);
        }
        String rationale = String.join(" ", lines.subList(0, lines.size() - 1));
        if (rationale.isBlank()) {
            throw new UnusableReplyException("the explanation before the SCORE line is missing");
        }
        return new JudgeReply(score, rationale, List.of());
    }

    public static JudgeReply parse(String content) throws UnusableReplyException {
        int open = content.indexOf('{');
        int close = content.lastIndexOf('}');
        if (open < 0 || close < open) {
            throw new UnusableReplyException("the reply holds no JSON object");
        }
        JsonNode o;
        try {
            o = STRICT.readTree(content.substring(open, close + 1));
        } catch (JsonProcessingException e) {
            String m = String.valueOf(e.getOriginalMessage());
            throw new UnusableReplyException(m.startsWith("Duplicate field")
                    ? "the reply's JSON has a key twice (" + m + ")" : "the reply's JSON is malformed or truncated");
        }
        if (o == null || !o.isObject()) {
            throw new UnusableReplyException("the reply holds no JSON object");
        }
        ReplyJson.requireText(o);
        Set<String> keys = new java.util.TreeSet<>();
        o.fieldNames().forEachRemaining(keys::add);
        if (!keys.equals(new java.util.TreeSet<>(FIELDS))) {
            throw new UnusableReplyException("the reply must have exactly the keys score, rationale and error_tags, had " + keys);
        }
        JsonNode score = o.get("score");
        if (!score.isIntegralNumber() || score.asLong() < 0 || score.asLong() > 100) {
            throw new UnusableReplyException("the field 'score' must be an integer from 0 to 100, was " + score);
        }
        JsonNode rationale = o.get("rationale");
        if (!rationale.isTextual() || rationale.asText().isBlank()) {
            throw new UnusableReplyException("the field 'rationale' must be a non-empty string");
        }
        JsonNode tags = o.get("error_tags");
        if (!tags.isArray()) {
            throw new UnusableReplyException("the field 'error_tags' must be an array of strings");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode t : tags) {
            if (!t.isTextual()) {
                throw new UnusableReplyException("the field 'error_tags' must be an array of strings, had " + t);
            }
            if (!t.asText().isBlank()) {
                out.add(t.asText().strip());
            }
        }
        return new JudgeReply(score.asInt(), rationale.asText().strip(), out);
    }
}
