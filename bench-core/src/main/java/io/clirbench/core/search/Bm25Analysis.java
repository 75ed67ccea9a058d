package io.clirbench.core.search;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The analysis chain a {@link Bm25ChainId} names. The chains themselves are built in the {@code lexical} module
 * ({@code LexicalChains}); this is only their names in the id grammar.
 */
public enum Bm25Analysis {
    /** Unicode word breaks (UAX #29) and lower case; no stemming, no stop words; each Han character a token. */
    PLAIN("plain"),
    /** Two fields scored together: the per-language stemmed text of {@code bm25} plus the {@link #PLAIN} text, BM25 summed. */
    STEM_PLAIN("stem+plain");

    private final String id;

    Bm25Analysis(String id) {
        this.id = id;
    }

    /** The name in ids: {@code plain}, {@code stem+plain}. */
    public String id() {
        return id;
    }

    /** The chain named {@code text} (any case, spaces around {@code +} allowed), if any. */
    public static Optional<Bm25Analysis> of(String text) {
        String t = text.strip().toLowerCase(Locale.ROOT).replaceAll("\\s*\\+\\s*", "+");
        return Arrays.stream(values()).filter(a -> a.id.equals(t)).findFirst();
    }

    /** The names, for messages: {@code plain, stem+plain}. */
    public static String names() {
        return Arrays.stream(values()).map(Bm25Analysis::id).collect(Collectors.joining(", "));
    }
}
