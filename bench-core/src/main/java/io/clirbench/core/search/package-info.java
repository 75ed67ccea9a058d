/**
 * Retriever ids: the grammar a run uses to name its retrievers, shared by the gateway and the CLI.
 *
 * <p>{@link io.clirbench.core.search.RetrieverId#parse(String)} reads an id with the built-in
 * {@link io.clirbench.core.search.RetrieverGrammar}: {@code bm25} ({@link io.clirbench.core.search.Bm25Id})
 * or {@code MODEL/INDEX} ({@link io.clirbench.core.search.DenseId}, index kinds in
 * {@link io.clirbench.core.search.IndexKind}), {@code MODEL+align/INDEX} ({@link io.clirbench.core.search.AlignedDenseId}),
 * {@code bm25(plain)} and {@code bm25(stem+plain)} ({@link io.clirbench.core.search.Bm25ChainId}, chains in
 * {@link io.clirbench.core.search.Bm25Analysis}), and the composed kinds {@code fuse(...)} ({@link io.clirbench.core.search.FuseId}),
 * {@code rerank(A, MODEL, K)} ({@link io.clirbench.core.search.RerankId}), {@code translate(bm25[, PIVOT])}
 * ({@link io.clirbench.core.search.TranslateId}) and {@code dt(bm25|bm25(CHAIN), PIVOT)} ({@link io.clirbench.core.search.DocTranslateId}),
 * whose arguments are parsed with the same grammar. {@code ShippedKind} lists the shipped kinds once (record, kind
 * name, syntax; the grammar's order); {@link io.clirbench.core.search.EncoderId} is what the one-encoder kinds share
 * ({@link io.clirbench.core.search.VectorSearchId}: the two dense kinds; {@link io.clirbench.core.search.EncoderOutputId}:
 * sparse and maxsim), {@link io.clirbench.core.search.TranslatingId} what the two lexicon-translating kinds share.
 * An id answers what callers need to know about it: {@code models()} (the encoders a run needs), {@code embedsCorpus()},
 * {@code usesLexicons()}, {@code inputs()} (a composed kind's inner ids, from which those defaults follow),
 * {@code fileName()} and {@code trecFile()} ({@code runs/NAME.trec}). A process that reads ids a gateway accepted but
 * lacks the gateway's plug-in kinds (the CLI, the eval-service's reports) parses them with
 * {@link io.clirbench.core.search.RetrieverId#parseAnyKind(String)} ({@link io.clirbench.core.search.RetrieverGrammar#orOpaque()}):
 * an unknown kind is an {@link io.clirbench.core.search.OpaqueId}, alone or inside a composed id. A new kind (fusion, re-ranking, translation, ...) is
 * one record implementing {@code RetrieverId} plus one {@link io.clirbench.core.search.RetrieverSyntax}
 * added to the built-in grammar; callers that use {@code id()}, {@code kind()} and {@code fileName()}
 * need no edit. A malformed id throws {@link io.clirbench.core.search.RetrieverIdException} naming
 * the value and the accepted forms.
 */
package io.clirbench.core.search;
