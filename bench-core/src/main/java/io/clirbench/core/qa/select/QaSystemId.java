package io.clirbench.core.qa.select;

import java.util.regex.Pattern;

/**
 * A QA system of a platform run, written {@code select:lexical} (bench-core's lexical baseline),
 * {@code select:MODEL} (an encoder of the platform as evidence selector) or {@code predictions:NAME}
 * (an uploaded prediction file). The one home of this grammar: the gateway and {@code bench qa run} parse with it.
 *
 * @param kind     {@link #LEXICAL}, {@link #ENCODER} or {@link #PREDICTIONS}: the gateway's port key
 * @param argument the model id or prediction upload name ({@code lexical} for the lexical selector)
 */
public record QaSystemId(String kind, String argument) {

    public static final String LEXICAL = "select-lexical";
    public static final String ENCODER = "select-encoder";
    public static final String PREDICTIONS = "predictions";
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._\\-]{0,199}");

    /** Parses an id; throws {@link IllegalArgumentException} naming the value and the accepted forms. */
    public static QaSystemId parse(String text) {
        String t = text == null ? "" : text.strip();
        int colon = t.indexOf(':');
        String head = colon < 0 ? t : t.substring(0, colon);
        String arg = colon < 0 ? "" : t.substring(colon + 1);
        if (!NAME.matcher(arg).matches() || !(head.equals("select") || head.equals("predictions"))) {
            throw new IllegalArgumentException("QA system '" + text + "': expected select:lexical, select:MODEL or predictions:NAME"
                    + " (MODEL and NAME: letters, digits, '.', '_', '-')");
        }
        if (head.equals("predictions")) {
            return new QaSystemId(PREDICTIONS, arg);
        }
        return new QaSystemId(arg.equals("lexical") ? LEXICAL : ENCODER, arg);
    }

    /** The id as written: {@code select:lexical}, {@code select:MODEL}, {@code predictions:NAME}. */
    public String id() {
        return (kind.equals(PREDICTIONS) ? "predictions:" : "select:") + argument;
    }

    /** A file-name form of the id ({@code select-all-minilm-l6-v2}), used for exported prediction files. */
    public String fileName() {
        return id().replace(':', '-');
    }

    @Override
    public String toString() {
        return id();
    }
}
