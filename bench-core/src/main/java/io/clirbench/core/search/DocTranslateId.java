package io.clirbench.core.search;

import java.util.Objects;

/**
 * Document translation {@code dt(BASE, PIVOT)}: every document translated term by term into PIVOT with the lexicons once,
 * at indexing time, and searched by BASE ({@code bm25}, analysed as PIVOT, or {@code bm25(CHAIN)}) with the query in
 * PIVOT (a query in another language translated into PIVOT with the lexicons, as {@code translate(bm25)} does).
 *
 * @param base  the lexical retriever: {@link Bm25Id} or {@link Bm25ChainId}
 * @param pivot the language everything is searched in (ISO 639-1, lower case)
 */
public record DocTranslateId(RetrieverId base, String pivot) implements TranslatingId {

    /** The kind name: documents translated before BM25. */
    public static final String KIND = "dt";

    public DocTranslateId {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(pivot, "pivot");
    }

    @Override
    public String id() {
        return KIND + "(" + base.id() + "," + pivot + ")";
    }

    /** The canonical text, as {@link #id()}. */
    @Override
    public String toString() {
        return id();
    }

    static RetrieverSyntax syntax() {
        return RetrieverSyntax.of("dt(bm25|bm25(CHAIN), PIVOT)", (text, grammar) -> ComposedArgs.of(text, KIND, grammar).map(args -> {
            if (args.size() != 2) {
                throw new RetrieverIdException(text, "dt takes a lexical retriever and a pivot, got " + args.size()
                        + " arguments", grammar.forms());
            }
            RetrieverId base = grammar.parse(args.get(0));
            if (!(base instanceof Bm25Id) && !(base instanceof Bm25ChainId)) {
                throw new RetrieverIdException(text, "only bm25 or bm25(CHAIN) can search translated documents, not '"
                        + base + "'", grammar.forms());
            }
            return new DocTranslateId(base, ComposedArgs.pivot(text, args.get(1), grammar));
        }));
    }
}
