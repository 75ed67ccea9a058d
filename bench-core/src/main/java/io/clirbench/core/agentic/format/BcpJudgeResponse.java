package io.clirbench.core.agentic.format;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The BrowseComp-Plus judge-response parser ({@code parse_judge_response} in its {@code evaluate_run.py}): the
 * verdict from {@code **correct:** yes}, {@code **correct**: yes} or {@code correct: yes} (tried in that order,
 * case-insensitive, first match of each), the confidence likewise from {@code confidence: N%} clipped to 100;
 * no verdict is a parse error. Used by the compatible mode only.
 */
public final class BcpJudgeResponse {

    private static final Pattern[] CORRECT = {
            Pattern.compile("\\*\\*correct:\\*\\*\\s*(yes|no)", Pattern.CASE_INSENSITIVE),
            Pattern.compile("\\*\\*correct\\*\\*:\\s*(yes|no)", Pattern.CASE_INSENSITIVE),
            Pattern.compile("correct:\\s*(yes|no)", Pattern.CASE_INSENSITIVE)};
    private static final Pattern[] CONFIDENCE = {
            Pattern.compile("\\*\\*confidence:\\*\\*\\s*(\\p{Nd}+(?:\\.\\p{Nd}+)?)\\s*%?", Pattern.CASE_INSENSITIVE),
            Pattern.compile("\\*\\*confidence\\*\\*:\\s*(\\p{Nd}+(?:\\.\\p{Nd}+)?)\\s*%?", Pattern.CASE_INSENSITIVE),
            Pattern.compile("confidence:\\s*(\\p{Nd}+(?:\\.\\p{Nd}+)?)\\s*%?", Pattern.CASE_INSENSITIVE)};

    /**
     * The parsed verdict.
     *
     * @param correct    the verdict, {@code null} on a parse error
     * @param confidence the confidence (≤ 100), {@code null} when none
     */
    public record Parsed(Boolean correct, Double confidence) {

        /** BrowseComp-Plus's {@code parse_error}: no verdict found. */
        public boolean parseError() {
            return correct == null;
        }
    }

    private BcpJudgeResponse() {
    }

    /** Parses a judge's text as BrowseComp-Plus does. */
    public static Parsed parse(String text) {
        if (text == null || text.isEmpty()) {
            return new Parsed(null, null);
        }
        String verdict = first(CORRECT, text);
        String confidence = first(CONFIDENCE, text);
        Double conf = confidence == null ? null : Math.min(Double.parseDouble(asciiDigits(confidence)), 100.0);
        return new Parsed(verdict == null ? null : verdict.equalsIgnoreCase("yes"), conf);
    }

    /** Python's {@code float()} reads any Unicode decimal digits (its {@code \\d} matched them): map them to ASCII. */
    private static String asciiDigits(String number) {
        StringBuilder out = new StringBuilder(number.length());
        number.codePoints().forEach(c -> out.append(c == '.' ? '.' : (char) ('0' + Character.digit(c, 10))));
        return out.toString();
    }

    private static String first(Pattern[] patterns, String text) {
        for (Pattern p : patterns) {
            Matcher m = p.matcher(text);
            if (m.find()) {
                return m.group(1);
            }
        }
        return null;
    }
}
