/**
 * Efficiency beside quality (issue 40, item 5; ARCHITECTURE.md "Scale"): what one retriever of a run cost. The gateway
 * measures times and counts ({@link io.clirbench.core.efficiency.RetrieverCost}), the eval-service reads the latency every
 * stored result carries, and {@link io.clirbench.core.efficiency.Efficiency#of} turns both into the report's block: index
 * build time and size, embedding throughput, search throughput and latency percentiles
 * ({@link io.clirbench.core.efficiency.NearestRank}). A value that was not measured is {@code null}, never 0.
 */
package io.clirbench.core.efficiency;
