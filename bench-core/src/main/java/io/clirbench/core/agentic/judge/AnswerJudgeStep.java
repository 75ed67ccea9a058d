package io.clirbench.core.agentic.judge;

import io.clirbench.core.llm.LlmCalls;
import io.clirbench.core.llm.step.BuildStep;
import io.clirbench.core.llm.step.PlannedCall;
import java.util.List;
import java.util.function.Consumer;

/**
 * The answer judge as a build step: a unit is one answer of an agent run, judged in one call ({@link AnswerJudge});
 * an unfinished run makes none. Each record goes to {@code sink} as soon as it is done (the evaluation files are
 * written as the judge goes, so a stopped judge leaves the judged ones).
 */
public record AnswerJudgeStep(AnswerJudge judge, List<JudgeItem> units, Consumer<JudgeRecord> sink) implements BuildStep<JudgeItem, JudgeRecord> {

    /** The expected length of a BrowseComp-Plus grader reply: the extracted answer, reasoning, verdict and confidence. */
    static final long REPLY_TOKENS = 200;

    public AnswerJudgeStep {
        units = List.copyOf(units);
    }

    @Override
    public String name() {
        return "judge";
    }

    @Override
    public List<PlannedCall> plan(JudgeItem item) {
        return item.judged() ? List.of(new PlannedCall(AnswerJudge.ROLE, judge.prompt(item), judge.decoding(), REPLY_TOKENS)) : List.of();
    }

    @Override
    public String label(JudgeItem item) {
        return item.queryId();
    }

    @Override
    public JudgeRecord run(JudgeItem item, LlmCalls calls) throws InterruptedException {
        JudgeRecord r = judge.judge(item, calls);
        sink.accept(r);
        return r;
    }
}
