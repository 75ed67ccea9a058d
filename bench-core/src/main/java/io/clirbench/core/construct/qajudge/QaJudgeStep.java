package io.clirbench.core.construct.qajudge;

import io.clirbench.core.llm.LlmCalls;
import io.clirbench.core.llm.PromptTemplate;
import io.clirbench.core.llm.step.BuildStep;
import io.clirbench.core.llm.step.PlannedCall;
import java.util.List;
import java.util.Map;

/** XHotpotQA's judge step as a build step: a unit is one sampled paragraph, question or answer, scored in one call. */
public record QaJudgeStep(List<JudgeUnit> units, QaJudge.Rubric rubric, Map<JudgeUnit.Kind, PromptTemplate> prompts, int maxAttempts)
        implements BuildStep<JudgeUnit, UnitJudgement> {

    /** The expected length of a judge reply: a score, a rationale of a sentence or two and error tags. */
    static final long REPLY_TOKENS = 80;

    public QaJudgeStep {
        units = List.copyOf(units);
    }

    @Override
    public String name() {
        return "judge";
    }

    @Override
    public List<PlannedCall> plan(JudgeUnit u) {
        return List.of(new PlannedCall(QaJudge.ROLE, QaJudge.prompt(prompts, u), QaJudge.DECODING, REPLY_TOKENS));
    }

    @Override
    public String label(JudgeUnit u) {
        return u.language() + " " + u.kind().label() + " of " + u.instanceId();
    }

    @Override
    public UnitJudgement run(JudgeUnit u, LlmCalls calls) throws InterruptedException {
        return QaJudge.judge(u, calls, rubric, prompts, maxAttempts);
    }
}
