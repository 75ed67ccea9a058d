/**
 * Fusion of ranked lists, re-ranking merges and recovery against the RRC ceiling (METRICS.md §6).
 *
 * <p>{@link io.clirbench.core.fusion.Fusion} fuses M lists of one query (RRF, CombSUM, CombMNZ with
 * {@link io.clirbench.core.fusion.ScoreNormalization}); {@link io.clirbench.core.fusion.Rerank} puts a
 * second model's scores on a first stage's top K; {@link io.clirbench.core.fusion.Recovery} compares a
 * re-ranked run's achieved RRC@10 with the ceiling RRC@K of its first stage. Lists that are published as
 * TREC lines keep their order through {@link io.clirbench.core.fusion.StrictScores}.
 */
package io.clirbench.core.fusion;
