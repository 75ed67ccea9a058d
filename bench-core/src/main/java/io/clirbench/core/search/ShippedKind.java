package io.clirbench.core.search;

import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;

/**
 * The kinds the platform ships, in the order {@link RetrieverGrammar#builtIn()} tries their forms ({@code +align},
 * {@code MODEL/sparse} and {@code MODEL/maxsim} before plain {@code MODEL/INDEX}): each one's id record, kind name and syntax, written once.
 */
enum ShippedKind {
    BM25(Bm25Id.class, Bm25Id.KIND, Bm25Id::syntax),
    BM25_CHAIN(Bm25ChainId.class, Bm25ChainId.KIND, Bm25ChainId::syntax),
    ALIGNED_DENSE(AlignedDenseId.class, AlignedDenseId.KIND, AlignedDenseId::syntax),
    SPARSE(SparseId.class, SparseId.KIND, SparseId::syntax),
    MAXSIM(MaxSimId.class, MaxSimId.KIND, MaxSimId::syntax),
    DENSE(DenseId.class, DenseId.KIND, DenseId::syntax),
    FUSE(FuseId.class, FuseId.KIND, FuseId::syntax),
    RERANK(RerankId.class, RerankId.KIND, RerankId::syntax),
    TRANSLATE(TranslateId.class, TranslateId.KIND, TranslateId::syntax),
    DOC_TRANSLATE(DocTranslateId.class, DocTranslateId.KIND, DocTranslateId::syntax);

    private final Class<? extends ShippedId> type;
    private final String kindName;
    private final Supplier<RetrieverSyntax> syntax;

    ShippedKind(Class<? extends ShippedId> type, String kindName, Supplier<RetrieverSyntax> syntax) {
        this.type = type;
        this.kindName = kindName;
        this.syntax = syntax;
    }

    /** The kind name of a shipped id record. */
    static String nameOf(ShippedId id) {
        for (ShippedKind k : values()) {
            if (k.type == id.getClass()) {
                return k.kindName;
            }
        }
        throw new IllegalStateException(id.getClass().getName() + " is not listed in ShippedKind");
    }

    /** Every shipped syntax, in grammar order. */
    static List<RetrieverSyntax> syntaxes() {
        return Arrays.stream(values()).map(k -> k.syntax.get()).toList();
    }
}
