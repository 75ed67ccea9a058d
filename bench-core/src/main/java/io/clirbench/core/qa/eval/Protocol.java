package io.clirbench.core.qa.eval;

import com.ibm.icu.lang.UCharacter;
import io.clirbench.core.qa.model.Scripts;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The answer protocols of METRICS.md §4: how an answer is normalised and cut into tokens, and which
 * scoring rules apply ({@link #HOTPOT} follows {@code hotpot_evaluate_v1.py}, the others XHotpotQA).
 */
public enum Protocol {

    /** XHotpotQA {@code unicode_script_aware} 1.0 (the default). */
    UNICODE("unicode", "unicode_script_aware", "1.0"),
    /** XHotpotQA {@code legacy_hotpot} 1.0. */
    LEGACY("legacy", "legacy_hotpot", "1.0"),
    /** The official HotpotQA script {@code hotpot_evaluate_v1.py}. */
    HOTPOT("hotpot", "hotpot_evaluate_v1", "1");

    private final String cliName;
    private final String reportName;
    private final String version;

    Protocol(String cliName, String reportName, String version) {
        this.cliName = cliName;
        this.reportName = reportName;
        this.version = version;
    }

    /** The name on the command line ({@code unicode}, {@code legacy}, {@code hotpot}). */
    public String cliName() {
        return cliName;
    }

    /** The peer's name, as the report's {@code evaluation_protocol.name}. */
    public String reportName() {
        return reportName;
    }

    /** The peer's protocol version. */
    public String version() {
        return version;
    }

    /** The protocol named {@code unicode}, {@code legacy} or {@code hotpot} (also the peers' names). */
    public static Protocol parse(String name) {
        for (Protocol p : values()) {
            if (p.cliName.equals(name) || p.reportName.equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown protocol '" + name + "' (expected unicode, legacy or hotpot)");
    }

    /** The normalised answer text for a question (and answer) language. */
    public String normalize(String text, String language) {
        if (this == UNICODE) {
            String folded = UCharacter.foldCase(Normalizer.normalize(text, Normalizer.Form.NFKC), true);
            StringBuilder spaced = new StringBuilder(folded.length());
            folded.codePoints().forEach(cp -> {
                if (PythonText.isPunctuationOrSymbol(cp)) {
                    spaced.append(' ');
                } else {
                    spaced.appendCodePoint(cp);
                }
            });
            String value = "en".equals(language) ? PythonText.replaceArticles(spaced.toString()) : spaced.toString();
            return PythonText.collapseSpaces(value);
        }
        String lower = text.toLowerCase(Locale.ROOT);
        StringBuilder kept = new StringBuilder(lower.length());
        lower.codePoints().filter(cp -> !PythonText.isAsciiPunctuation(cp)).forEach(kept::appendCodePoint);
        return PythonText.collapseSpaces(PythonText.replaceArticles(kept.toString()));
    }

    /** The tokens of an already normalised answer: per character for Han, Japanese and Thai under {@link #UNICODE}, else on spaces. */
    public List<String> tokens(String normalized, String language) {
        List<String> tokens = new ArrayList<>();
        if (normalized.isEmpty()) {
            return tokens;
        }
        if (this == UNICODE && Scripts.CHARACTER_TOKEN_SCRIPTS.contains(Scripts.of(language))) {
            normalized.codePoints().filter(cp -> !PythonText.isSpace(cp)).forEach(cp -> tokens.add(Character.toString(cp)));
            return tokens;
        }
        // normalised text has single spaces and no spaces at the ends
        for (String token : normalized.split(" ")) {
            tokens.add(token);
        }
        return tokens;
    }
}
