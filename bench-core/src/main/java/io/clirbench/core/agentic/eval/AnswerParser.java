package io.clirbench.core.agentic.eval;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Final-answer parsing (METRICS.md §5): the {@code Exact Answer:} line and the {@code Confidence:} line (a number
 * 0–100, {@code %} optional, clipped to [0, 100]; 100 when absent). Markdown bold around the labels is allowed.
 */
public final class AnswerParser {

    private static final Pattern EXACT = Pattern.compile("(?im)^[ \\t*_]*exact answer[ \\t*_]*:[ \\t*_]*(.*?)[ \\t*_]*$");
    private static final Pattern CONFIDENCE = Pattern.compile("(?i)confidence[ \\t*_]*:[ \\t*_]*(-?[0-9]+(?:\\.[0-9]+)?)\\s*%?");

    private AnswerParser() {
    }

    /** The text after {@code Exact Answer:}, trimmed; {@code null} when the answer has no such line. */
    public static String exactAnswer(String text) {
        Matcher m = EXACT.matcher(text);
        return m.find() ? m.group(1).trim() : null;
    }

    /** The stated confidence clipped to [0, 100]; 100 when the answer states none. */
    public static double confidence(String text) {
        Matcher m = CONFIDENCE.matcher(text);
        if (!m.find()) {
            return 100.0;
        }
        return Math.max(0.0, Math.min(100.0, Double.parseDouble(m.group(1))));
    }
}
