package io.clirbench.core.search;

import java.util.Objects;
import java.util.Optional;

/**
 * Dictionary query translation {@code translate(bm25[, PIVOT])}: the query translated term by term into
 * each document language with a lexicon (through PIVOT when there is no direct one), BM25 per language,
 * the per-language lists fused by RRF.
 *
 * @param base  the lexical retriever (only {@code bm25} today)
 * @param pivot the pivot language (ISO 639-1), or {@code null} for direct lexicons only
 */
public record TranslateId(RetrieverId base, String pivot) implements TranslatingId {

    /** The kind name: the query translated before BM25. */
    public static final String KIND = "translate";

    public TranslateId {
        Objects.requireNonNull(base, "base");
    }

    /** The pivot, if any. */
    public Optional<String> pivotLanguage() {
        return Optional.ofNullable(pivot);
    }

    @Override
    public String id() {
        return KIND + "(" + base.id() + (pivot == null ? "" : "," + pivot) + ")";
    }

    /** The canonical text, as {@link #id()}. */
    @Override
    public String toString() {
        return id();
    }

    static RetrieverSyntax syntax() {
        return RetrieverSyntax.of("translate(bm25[, PIVOT])", (text, grammar) -> ComposedArgs.of(text, KIND, grammar).map(args -> {
            if (args.size() > 2) {
                throw new RetrieverIdException(text, "translate takes bm25 and an optional pivot, got " + args.size()
                        + " arguments", grammar.forms());
            }
            RetrieverId base = grammar.parse(args.get(0));
            if (!base.isBm25()) {
                throw new RetrieverIdException(text, "only bm25 can be translated, not '" + base + "'", grammar.forms());
            }
            String pivot = null;
            if (args.size() == 2) {
                pivot = ComposedArgs.pivot(text, args.get(1), grammar);
            }
            return new TranslateId(base, pivot);
        }));
    }
}
