package io.clirbench.core.agentic.model;

/**
 * A correctness label for one query's answer (an LLM judge's verdict).
 *
 * @param queryId       the query id
 * @param correct       the verdict; {@code null} when the judge gave none
 * @param confidence    the confidence the judge extracted from the answer (0–100), {@code null} when none
 * @param judgeResponse the judge's raw text, {@code null} when the file has none (BrowseComp-Plus parses this)
 */
public record Judgement(String queryId, Boolean correct, Double confidence, String judgeResponse) {
}
