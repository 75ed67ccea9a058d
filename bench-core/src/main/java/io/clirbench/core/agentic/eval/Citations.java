package io.clirbench.core.agentic.eval;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Cited docids of an answer (METRICS.md §5), deduplicated in order of first citation.
 * <ul>
 * <li>Default: each token of a bracketed group ({@code [12]}, {@code [12, 31]}, {@code 【12】},
 *     {@code [de/p042]}; tokens split at commas, semicolons and white space) that is a docid of the task corpus.</li>
 * <li>BrowseComp-Plus: every digit run (Unicode decimal digits, as Python's {@code \d}) inside an innermost
 *     {@code [...]} or a {@code 【...】} group, so a bracketed year counts too.</li>
 * </ul>
 */
public final class Citations {

    private static final Pattern SQUARE = Pattern.compile("\\[([^\\[\\]]*?)\\]");
    private static final Pattern FULLWIDTH = Pattern.compile("【([^【】]*?)】");
    private static final Pattern DIGITS = Pattern.compile("\\p{Nd}+");
    private static final Pattern SEPARATORS = Pattern.compile("[,;\\s、，；]+");

    private Citations() {
    }

    /** BrowseComp-Plus's rule ({@code extract_citations_from_response}). */
    public static List<String> bcp(String text) {
        Set<String> out = new LinkedHashSet<>();
        for (String group : groups(text)) {
            Matcher d = DIGITS.matcher(group);
            while (d.find()) {
                out.add(d.group());
            }
        }
        return new ArrayList<>(out);
    }

    /** Our rule: bracketed tokens that are docids of the corpus. */
    public static List<String> corpusChecked(String text, Set<String> corpusIds) {
        Set<String> out = new LinkedHashSet<>();
        for (String group : groups(text)) {
            for (String token : SEPARATORS.split(group.strip())) {
                if (!token.isEmpty() && corpusIds.contains(token)) {
                    out.add(token);
                }
            }
        }
        return new ArrayList<>(out);
    }

    private static List<String> groups(String text) {
        List<String> groups = new ArrayList<>();
        for (Pattern p : new Pattern[] {SQUARE, FULLWIDTH}) {
            Matcher m = p.matcher(text);
            while (m.find()) {
                groups.add(m.group(1));
            }
        }
        return groups;
    }
}
