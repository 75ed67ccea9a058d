package io.clirbench.core.construct.xbcp;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a translation must keep verbatim, found in the source: URLs ({@code http(s)://} up to white space or a closing
 * bracket or quote, a final sentence mark left off), fenced code blocks ({@code ```...```}), inline code spans
 * ({@code `...`}) and formulas ({@code $...$} with no space just inside either dollar and no digit after the closing one,
 * so that "Price $5 and $10" is no formula; {@code $$...$$}, {@code \(...\)}, {@code \[...\]}). Cheap and
 * deterministic: it catches a dropped or rewritten item, not a mistranslated sentence (the judge's part).
 */
public final class PreservationCheck {

    private static final Pattern FENCED = Pattern.compile("```.*?```", Pattern.DOTALL);
    private static final Pattern INLINE_CODE = Pattern.compile("`[^`\n]+`");
    private static final Pattern FORMULA = Pattern.compile("\\$\\$.+?\\$\\$|\\$(?=\\S)[^$\n]*?(?<=\\S)\\$(?!\\d)|\\\\\\(.+?\\\\\\)|\\\\\\[.+?\\\\]", Pattern.DOTALL);
    private static final Pattern URL = Pattern.compile("https?://[^\\s)\\]>\"'`]+");

    private PreservationCheck() {
    }

    /** The items of {@code source} that must appear unchanged in a translation, in order of appearance, each once. */
    public static List<String> items(String source) {
        Set<String> out = new LinkedHashSet<>();
        String rest = collect(FENCED, source, out);
        rest = collect(INLINE_CODE, rest, out);
        rest = collect(FORMULA, rest, out);
        Matcher m = URL.matcher(rest);
        while (m.find()) {
            out.add(m.group().replaceAll("[.,;:!?]+$", ""));
        }
        return new ArrayList<>(out);
    }

    /** The items of {@code source} that {@code translation} lacks. */
    public static List<String> missing(String source, String translation) {
        return items(source).stream().filter(i -> !translation.contains(i)).toList();
    }

    // found items are blanked out so that a URL inside a code block is not counted twice
    private static String collect(Pattern p, String text, Set<String> out) {
        Matcher m = p.matcher(text);
        StringBuilder rest = new StringBuilder();
        while (m.find()) {
            out.add(m.group());
            m.appendReplacement(rest, " ");
        }
        m.appendTail(rest);
        return rest.toString();
    }
}
