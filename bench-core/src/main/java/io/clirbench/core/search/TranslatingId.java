package io.clirbench.core.search;

import java.util.List;

/**
 * A lexical retriever run over a translation made with lexicons: {@link TranslateId} (the queries translated) and
 * {@link DocTranslateId} (the documents translated). Its one input is the lexical retriever; the dictionaries must be
 * fetched first.
 */
public interface TranslatingId extends ShippedId {

    /** The lexical retriever it translates for. */
    RetrieverId base();

    @Override
    default boolean usesLexicons() {
        return true;
    }

    @Override
    default List<RetrieverId> inputs() {
        return List.of(base());
    }
}
