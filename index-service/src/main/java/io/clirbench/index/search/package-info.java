/**
 * Exact top-N kernels, framework-free. Usage:
 * <pre>{@code
 * float[] data = BlockedLayout.fromRows(rows);            // or BlockedLayout.put(...) row by row
 * int[] tieRank = IdOrder.tieRanks(ids, count);           // ties: doc id ascending
 * TopN.Ranked[] top = new ExactSearcher().search(data, dim, count, tieRank, queries, 1000, null, threads);
 * }</pre>
 * Ranking rule: score descending, ties by doc id ascending. {@link io.clirbench.index.search.DotKernel#best()}
 * picks the Vector API kernel when {@code --add-modules jdk.incubator.vector} is given, else the scalar one.
 */
package io.clirbench.index.search;
