/**
 * Uncertainty for QA scores, beyond the peers (METRICS.md §4 "Uncertainty", §3): BCa intervals of answer,
 * support and joint F1 from the clustered bootstrap (question language = stratum, source example = cluster)
 * and paired family sign-flip tests between prediction files, Holm-adjusted across conditions.
 */
package io.clirbench.core.qa.stats;
