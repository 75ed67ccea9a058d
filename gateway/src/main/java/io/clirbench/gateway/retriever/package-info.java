/**
 * The Retriever port (ARCHITECTURE.md "Retrievers"): one {@link io.clirbench.gateway.retriever.Retriever}
 * class per retriever kind, found by the {@link io.clirbench.gateway.retriever.RetrieverRegistry} under the
 * kind of a bench-core {@code RetrieverId}. The run orchestrator hands each retriever a
 * {@link io.clirbench.gateway.retriever.RetrievalTask} (dataset, depth, progress, timing, where results go)
 * and never asks which kind it runs.
 *
 * <p>Adding a kind (fusion, re-ranking, translation, ...): its id record and syntax in bench-core's
 * {@code search} package (or a {@code RetrieverSyntax} bean here), and one {@code @ApplicationScoped}
 * class implementing {@code Retriever} whose {@code kind()} is the id's kind. Nothing else changes.
 * Shipped: {@link io.clirbench.gateway.retriever.Bm25Retriever}, {@link io.clirbench.gateway.retriever.DenseRetriever}.
 */
package io.clirbench.gateway.retriever;
