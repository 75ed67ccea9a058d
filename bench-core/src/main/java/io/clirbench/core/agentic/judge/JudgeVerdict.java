package io.clirbench.core.agentic.judge;

import io.clirbench.core.agentic.format.BcpJudgeResponse;
import io.clirbench.core.llm.UnusableReplyException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The fields of a judge's reply, read as BrowseComp-Plus's {@code parse_judge_response} reads them: each field from
 * its bold ({@code **field:**}, {@code **field**:}) or plain ({@code field:}) label, case-insensitive, first match;
 * the verdict and confidence by {@link BcpJudgeResponse} itself, so that a verdict accepted here is the verdict
 * {@code --compat bcp} reads from the kept reply. A reply without a {@code correct: yes|no} is malformed.
 *
 * @param extractedFinalAnswer the answer the judge extracted ({@code None} as the judge wrote it), {@code null} when absent
 * @param reasoning            the judge's reasoning, {@code null} when absent
 * @param correct              the verdict; {@code null} only from {@link #fields} on a malformed reply
 * @param confidence           the confidence the judge extracted (clipped to 100), {@code null} when absent
 */
public record JudgeVerdict(String extractedFinalAnswer, String reasoning, Boolean correct, Double confidence) {

    private static final Pattern[] ANSWER = {
            Pattern.compile("\\*\\*extracted_final_answer:\\*\\*\\s*(.*?)(?=\\n|$)", Pattern.CASE_INSENSITIVE | Pattern.DOTALL),
            Pattern.compile("\\*\\*extracted_final_answer\\*\\*:\\s*(.*?)(?=\\n|$)", Pattern.CASE_INSENSITIVE | Pattern.DOTALL),
            Pattern.compile("extracted_final_answer:\\s*(.*?)(?=\\n|$)", Pattern.CASE_INSENSITIVE | Pattern.DOTALL)};
    private static final Pattern[] REASONING = {
            Pattern.compile("\\*\\*reasoning:\\*\\*\\s*(.*?)(?=\\n\\*\\*correct:\\*\\*|\\n\\*\\*correct\\*\\*:|\\ncorrect:|$)",
                    Pattern.CASE_INSENSITIVE | Pattern.DOTALL),
            Pattern.compile("\\*\\*reasoning\\*\\*:\\s*(.*?)(?=\\n\\*\\*correct:\\*\\*|\\n\\*\\*correct\\*\\*:|\\ncorrect:|$)",
                    Pattern.CASE_INSENSITIVE | Pattern.DOTALL),
            Pattern.compile("reasoning:\\s*(.*?)(?=\\ncorrect:|$)", Pattern.CASE_INSENSITIVE | Pattern.DOTALL)};

    /** The reply's fields; {@code correct} is null when it has no verdict. */
    public static JudgeVerdict fields(String reply) {
        if (reply == null || reply.isEmpty()) {
            return new JudgeVerdict(null, null, null, null);
        }
        BcpJudgeResponse.Parsed p = BcpJudgeResponse.parse(reply);
        return new JudgeVerdict(first(ANSWER, reply), first(REASONING, reply), p.correct(), p.confidence());
    }

    /** The verdict of a well-formed reply; a reply without {@code correct: yes|no} is unusable (asked again). */
    public static JudgeVerdict parse(String reply) throws UnusableReplyException {
        JudgeVerdict v = fields(reply);
        if (v.correct() == null) {
            throw new UnusableReplyException(reply == null || reply.isBlank() ? "the reply is empty"
                    : "the reply has no line 'correct: yes' or 'correct: no'");
        }
        return v;
    }

    private static String first(Pattern[] patterns, String text) {
        for (Pattern p : patterns) {
            Matcher m = p.matcher(text);
            if (m.find()) {
                return m.group(1).strip();
            }
        }
        return null;
    }
}
