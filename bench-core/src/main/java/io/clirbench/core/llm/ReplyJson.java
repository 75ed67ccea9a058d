package io.clirbench.core.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.io.StrictText;
import java.io.IOException;

/**
 * The JSON object in a model's reply: the text between the first {@code {} and the last {@code }} (models often
 * wrap it in a code fence or a sentence), parsed strictly, every string text; anything else is an {@link UnusableReplyException}.
 */
public final class ReplyJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private ReplyJson() {
    }

    public static JsonNode object(String content) throws UnusableReplyException {
        int open = content.indexOf('{');
        int close = content.lastIndexOf('}');
        if (open < 0) {
            throw new UnusableReplyException("the reply holds no JSON object");
        }
        if (close < open) {
            throw new UnusableReplyException("the reply's JSON is malformed or truncated");
        }
        try {
            JsonNode node = JSON.readTree(content.substring(open, close + 1));
            if (node == null || !node.isObject()) {
                throw new UnusableReplyException("the reply holds no JSON object");
            }
            requireText(node);
            return node;
        } catch (IOException e) {
            throw new UnusableReplyException("the reply's JSON is malformed or truncated");
        }
    }

    /**
     * Refuses an object with a string that is not text: a {@code \\ud800} escape of half a surrogate pair, valid JSON
     * that a writer turns into '?' (issue 45: it reached {@code bench build qa-translate}'s output so).
     */
    public static void requireText(JsonNode object) throws UnusableReplyException {
        String lone = StrictText.loneSurrogate(object);
        if (lone != null) {
            throw new UnusableReplyException("the reply's JSON is not text: " + lone);
        }
    }

    /** A required text field, not blank. */
    public static String text(JsonNode o, String field) throws UnusableReplyException {
        JsonNode v = o.get(field);
        if (v == null || !v.isTextual() || v.asText().isBlank()) {
            throw new UnusableReplyException("the field '" + field + "' is missing or empty");
        }
        return v.asText().strip();
    }

    /** A required integer field within [min, max]. */
    public static int score(JsonNode o, String field, int min, int max) throws UnusableReplyException {
        JsonNode v = o.get(field);
        if (v == null || !v.canConvertToExactIntegral()) {
            throw new UnusableReplyException("the field '" + field + "' is missing or not an integer");
        }
        int s = v.asInt();
        if (s < min || s > max) {
            throw new UnusableReplyException("the field '" + field + "' is " + s + ", outside " + min + "-" + max);
        }
        return s;
    }
}
