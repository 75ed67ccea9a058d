package io.clirbench.core.agentic.judge;

import io.clirbench.core.llm.BuildLlm;
import io.clirbench.core.llm.BuildProgress;
import io.clirbench.core.llm.Decoding;
import io.clirbench.core.llm.LlmCalls;
import io.clirbench.core.llm.LlmMessage;
import io.clirbench.core.llm.LlmReply;
import io.clirbench.core.llm.Prompt;
import io.clirbench.core.llm.UnusableReplyException;
import io.clirbench.core.llm.step.StepRunner;
import java.util.List;
import java.util.function.Consumer;

/**
 * Judges answers with the model of role {@value #ROLE} of a {@link BuildLlm} (response cache, budget): a malformed
 * reply is asked again, the prompt followed by that reply and a correction naming the problem (a new cache key), at most
 * {@code maxAttempts} replies; then the answer is unjudged, its last reply kept. Unfinished runs are not sent (as
 * BrowseComp-Plus does not).
 */
public final class AnswerJudge {

    /** The {@link BuildLlm} role of the judge. */
    public static final String ROLE = "judge";

    /** The correction after a malformed reply; {@code %s} is the problem. */
    static final String CORRECTION = "Your judgement could not be read: %s. Judge again in exactly the format specified "
            + "above, with the lines extracted_final_answer:, [correct_answer]:, reasoning:, correct: (yes or no) and confidence:.";

    private final BuildLlm llm;
    private final JudgePrompt prompt;
    private final Decoding decoding;
    private final int maxAttempts;

    public AnswerJudge(BuildLlm llm, JudgePrompt prompt, Decoding decoding, int maxAttempts) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("--max-attempts must be at least 1, was " + maxAttempts);
        }
        this.llm = llm;
        this.prompt = prompt;
        this.decoding = decoding;
        this.maxAttempts = maxAttempts;
    }

    /** Judges one answer. */
    public JudgeRecord judge(JudgeItem item) throws InterruptedException {
        return judge(item, llm);
    }

    /** The prompt of one answer. */
    Prompt prompt(JudgeItem item) {
        return prompt.render(item.question(), item.response(), item.correctAnswer());
    }

    Decoding decoding() {
        return decoding;
    }

    /** Judges one answer, asking through {@code llm} (a build step's view of the judge's {@link BuildLlm}). */
    public JudgeRecord judge(JudgeItem item, LlmCalls llm) throws InterruptedException {
        String model = llm.model(ROLE);
        if (!item.judged()) {
            return new JudgeRecord(item, model, prompt.id(), prompt.sha256(), null, null, null, 0, JudgeRecord.NOT_JUDGED,
                    decoding.maxTokens());
        }
        Prompt first = prompt(item);
        String text = first.messages().get(first.messages().size() - 1).content();
        Prompt current = first;
        String reply = null;
        String problem = null;
        for (int attempt = 1; attempt <= maxAttempts; attempt++) {
            LlmReply r = llm.ask(ROLE, current, decoding);
            reply = r.content();
            try {
                return new JudgeRecord(item, model, prompt.id(), prompt.sha256(), text, reply, JudgeVerdict.parse(reply), attempt,
                        null, decoding.maxTokens());
            } catch (UnusableReplyException e) {
                problem = e.getMessage();
                llm.unusable(ROLE, current, r, problem, attempt);
                current = current.followedBy(List.of(new LlmMessage("assistant", reply),
                        new LlmMessage("user", String.format(CORRECTION, problem))));
            }
        }
        return new JudgeRecord(item, model, prompt.id(), prompt.sha256(), text, reply, JudgeVerdict.fields(reply), maxAttempts,
                "unjudged after " + maxAttempts + " replies: " + problem, decoding.maxTokens());
    }

    /**
     * Judges every item on at most {@code concurrency} threads, handing each record to {@code sink} as soon as it is
     * done (from the worker thread); the records in item order. A spent budget or a lost endpoint stops it (the
     * judged items are journaled and were handed over).
     */
    public List<JudgeRecord> judgeAll(List<JudgeItem> items, int concurrency, Consumer<JudgeRecord> sink, BuildProgress progress)
            throws InterruptedException {
        return new StepRunner(llm, concurrency, step -> progress).run(new AnswerJudgeStep(this, items, sink));
    }
}
