package io.clirbench.core.distil;

import java.util.regex.Pattern;

/**
 * Cleans a catalogue message into plain text for the student: printf conversions ({@code %s}, {@code %-10lu},
 * {@code %1$s}, {@code %%}) and Qt/GTK-style accelerators ({@code &File}) are removed, whitespace collapsed.
 * Underscores stay: in these catalogues they are mostly part of identifiers ({@code --no_ignore}), rarely
 * GTK accelerators. The same cleaning applies to both sides of a pair, so the tokens a conversion would add
 * ({@code s}, {@code d}) never become shared "words".
 */
public final class MessageText {

    private static final Pattern PRINTF = Pattern.compile("%(?:\\d+\\$)?[-+ #0']*(?:\\d+|\\*)?(?:\\.(?:\\d+|\\*))?"
            + "(?:hh|h|ll|l|L|q|j|z|Z|t)?[diouxXeEfFgGaAcspnm%]|%<PRI[a-zA-Z0-9]+>");
    private static final Pattern ACCELERATOR = Pattern.compile("&(?=\\p{L})");
    private static final Pattern SPACE = Pattern.compile("\\s+");

    private MessageText() {
    }

    public static String clean(String message) {
        String text = PRINTF.matcher(message).replaceAll(" ");
        text = ACCELERATOR.matcher(text).replaceAll("");
        return SPACE.matcher(text).replaceAll(" ").strip();
    }
}
