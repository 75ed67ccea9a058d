package io.clirbench.core.agentic.judge;

/**
 * The outcome of judging one answer.
 *
 * @param item          the answer
 * @param judgeModel    the judge model
 * @param prompt        the prompt file's id
 * @param promptSha256  the SHA-256 of the prompt file
 * @param judgePrompt   the first message text sent (the rendered prompt), {@code null} when not judged
 * @param judgeResponse the judge's last reply, kept as it came, {@code null} when not judged
 * @param verdict       the fields of that reply ({@code correct} null when unjudged), {@code null} when not judged
 * @param attempts      replies asked for (0 when not judged)
 * @param error         why there is no verdict: the run is unfinished, or every reply was malformed; {@code null} with one
 * @param maxTokens     the completion-token bound of each call (0: the server's)
 */
public record JudgeRecord(JudgeItem item, String judgeModel, String prompt, String promptSha256, String judgePrompt,
                          String judgeResponse, JudgeVerdict verdict, int attempts, String error, int maxTokens) {

    /** BrowseComp-Plus's message for an answer it does not judge. */
    public static final String NOT_JUDGED = "Response incomplete or cannot be parsed";

    /**
     * The judgement as {@code bench agent eval} reads it back from this record's evaluation file (the verdict, the
     * judge's confidence, its reply, model and prompt hash), for a caller that scores without writing the files.
     */
    public io.clirbench.core.agentic.model.Judgement judgement() {
        return new io.clirbench.core.agentic.model.Judgement(item.queryId(), verdict == null ? null : verdict.correct(),
                verdict == null ? null : verdict.confidence(), judgeResponse, judgeModel, promptSha256);
    }

    /** Whether the judge was asked but no reply could be parsed. */
    public boolean unjudged() {
        return attempts > 0 && verdict.correct() == null;
    }
}
