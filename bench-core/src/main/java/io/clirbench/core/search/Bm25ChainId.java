package io.clirbench.core.search;

import java.util.Objects;

/**
 * BM25 with an analysis chain named in the id: {@code bm25(plain)}, {@code bm25(stem+plain)} ({@link Bm25Analysis}).
 * Plain {@code bm25} (each document analysed by its language) is {@link Bm25Id}, unchanged.
 *
 * @param analysis the chain
 */
public record Bm25ChainId(Bm25Analysis analysis) implements ShippedId {

    /** The kind name: BM25 over a named analysis chain. */
    public static final String KIND = "bm25-chain";

    public Bm25ChainId {
        Objects.requireNonNull(analysis, "analysis");
    }

    @Override
    public String id() {
        return Bm25Id.KIND + "(" + analysis.id() + ")";
    }

    /** The canonical text, as {@link #id()}. */
    @Override
    public String toString() {
        return id();
    }

    static RetrieverSyntax syntax() {
        return RetrieverSyntax.of("bm25(" + Bm25Analysis.names().replace(", ", "|") + ")",
                (text, grammar) -> ComposedArgs.of(text, Bm25Id.KIND, grammar).map(args -> {
                    if (args.size() != 1) {
                        throw new RetrieverIdException(text, "bm25(...) takes one analysis chain, got " + args.size()
                                + " arguments", grammar.forms());
                    }
                    return new Bm25ChainId(Bm25Analysis.of(args.getFirst()).orElseThrow(() -> new RetrieverIdException(text,
                            "unknown analysis chain '" + args.getFirst() + "' (" + Bm25Analysis.names() + ")", grammar.forms())));
                }));
    }
}
