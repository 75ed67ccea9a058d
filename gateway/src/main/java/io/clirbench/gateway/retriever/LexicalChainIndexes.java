package io.clirbench.gateway.retriever;

import io.clirbench.core.search.Bm25Analysis;
import io.clirbench.lexical.ChainedLexicalIndex;
import io.clirbench.lexical.LexicalChain;
import io.clirbench.lexical.LexicalDocument;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The in-memory {@link ChainedLexicalIndex}es of the lexical variants ({@code bm25(CHAIN)}, {@code dt(...)}), built on
 * first use and kept for the next run or agent search, keyed by what fills them (dataset, variant, a fingerprint of the
 * texts). They live in the gateway, not in the index-service, because they are derived from the corpus alone and
 * rebuilt in about a second per thousand documents, so they need no storage nor a new index.v1 contract; the last
 * {@value #KEPT} are kept (a dropped one is left to the garbage collector: it holds no file).
 */
@ApplicationScoped
public class LexicalChainIndexes {

    static final int KEPT = 4;

    private final Map<String, ChainedLexicalIndex> byKey = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, ChainedLexicalIndex> eldest) {
            return size() > KEPT;
        }
    };

    /** The index of {@code key}: the one kept, else built from {@code documents} (whose cost the caller reports). */
    synchronized ChainedLexicalIndex of(String key, Supplier<List<LexicalDocument>> documents) {
        ChainedLexicalIndex index = byKey.get(key);
        if (index == null) {
            index = new ChainedLexicalIndex(key, documents.get());
            byKey.put(key, index);
        }
        return index;
    }

    /** Whether {@code key}'s index is kept (nothing to build). */
    synchronized boolean has(String key) {
        return byKey.containsKey(key);
    }

    /** The lexical module's chain of an id's analysis. */
    static LexicalChain chain(Bm25Analysis analysis) {
        return switch (analysis) {
            case PLAIN -> LexicalChain.PLAIN;
            case STEM_PLAIN -> LexicalChain.STEM_PLAIN;
        };
    }
}
