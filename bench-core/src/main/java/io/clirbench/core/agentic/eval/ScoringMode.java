package io.clirbench.core.agentic.eval;

/**
 * The two scoring rules of METRICS.md §5. They differ only where METRICS.md says: recall source and qrels
 * lines, citation rule, accuracy denominator and judge parsing, calibration variant (and confidence source).
 */
public enum ScoringMode {
    /** Ours: search-call docids, distinct relevant evidence, corpus-checked citations, every task query in accuracy. */
    DEFAULT,
    /** BrowseComp-Plus {@code evaluate_run.py}: its fields and rules, including its quirks. */
    BCP
}
