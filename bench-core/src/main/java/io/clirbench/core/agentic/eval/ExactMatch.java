package io.clirbench.core.agentic.eval;

import com.ibm.icu.lang.UCharacter;
import java.text.Normalizer;
import java.util.regex.Pattern;

/**
 * The exact-match rule of METRICS.md §5: the {@code unicode} protocol of §4 for English (NFKC, full case
 * folding, punctuation and symbols to spaces, the words a/an/the removed, white space collapsed), then equality.
 */
public final class ExactMatch {

    private static final Pattern PUNCTUATION_OR_SYMBOL = Pattern.compile("[\\p{P}\\p{S}]");
    private static final Pattern ARTICLES = Pattern.compile("(?<![\\p{L}\\p{N}_])(a|an|the)(?![\\p{L}\\p{N}_])");
    private static final Pattern SPACES = Pattern.compile("\\s+");

    private ExactMatch() {
    }

    /** The normalised form of an English answer. */
    public static String normalise(String text) {
        String s = Normalizer.normalize(text, Normalizer.Form.NFKC);
        s = UCharacter.foldCase(s, UCharacter.FOLD_CASE_DEFAULT);
        s = PUNCTUATION_OR_SYMBOL.matcher(s).replaceAll(" ");
        s = ARTICLES.matcher(s).replaceAll(" ");
        return SPACES.matcher(s).replaceAll(" ").trim();
    }

    /** Whether the predicted answer equals the gold one after normalisation; a missing prediction never matches. */
    public static boolean matches(String predicted, String gold) {
        return predicted != null && normalise(predicted).equals(normalise(gold));
    }
}
