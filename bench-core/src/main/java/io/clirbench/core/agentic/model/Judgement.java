package io.clirbench.core.agentic.model;

/**
 * A correctness label for one query's answer (an LLM judge's verdict).
 *
 * @param queryId       the query id
 * @param correct       the verdict; {@code null} when the judge gave none (unjudged)
 * @param confidence    the confidence the judge extracted from the answer (0–100), {@code null} when none
 * @param judgeResponse the judge's raw text, {@code null} when the file has none (BrowseComp-Plus parses this)
 * @param judgeModel    the judge model, {@code null} when the file does not say
 * @param promptSha256  the SHA-256 of the judge's prompt file, {@code null} when the file does not say
 */
public record Judgement(String queryId, Boolean correct, Double confidence, String judgeResponse, String judgeModel,
                        String promptSha256) {

    /** A judgement whose file names no judge model or prompt. */
    public Judgement(String queryId, Boolean correct, Double confidence, String judgeResponse) {
        this(queryId, correct, confidence, judgeResponse, null, null);
    }
}
