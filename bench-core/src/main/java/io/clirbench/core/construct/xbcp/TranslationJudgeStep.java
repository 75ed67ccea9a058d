package io.clirbench.core.construct.xbcp;

import io.clirbench.core.llm.Decoding;
import io.clirbench.core.llm.LlmCalls;
import io.clirbench.core.llm.PromptTemplate;
import io.clirbench.core.llm.step.BuildStep;
import io.clirbench.core.llm.step.PlannedCall;
import java.util.List;
import java.util.Map;

/**
 * XBCP's verification as a build step: a unit is one sampled translation, judged in one call ({@link TranslationJudge}).
 * Planned before any translation exists ({@link #planned}), the sample is drawn as if every translation were accepted,
 * each standing in by its source: an upper bound, which the dry run says.
 */
public record TranslationJudgeStep(List<Translation> units, Map<String, Translation> titles, PromptTemplate template, int maxAttempts,
                                   boolean atMost) implements BuildStep<Translation, Judgement> {

    /** The expected length of a judge reply: three scores and a short comment. */
    static final long REPLY_TOKENS = 60;

    public TranslationJudgeStep {
        units = List.copyOf(units);
    }

    /** The step as a dry run sees it: every request translated, by its own source wording as a stand-in. */
    public static TranslationJudgeStep planned(List<TranslationRequest> requests, int perLanguage, long seed, PromptTemplate template,
                                               int maxAttempts) {
        List<Translation> standIns = requests.stream().map(r -> new Translation(r, r.text(), null, 1, null)).toList();
        return new TranslationJudgeStep(TranslationJudge.sample(standIns, perLanguage, seed), XbcpTranslator.titles(standIns), template,
                maxAttempts, true);
    }

    @Override
    public String name() {
        return "judge";
    }

    @Override
    public List<PlannedCall> plan(Translation t) {
        return List.of(new PlannedCall(TranslationJudge.ROLE, TranslationJudge.prompt(t, titles, template), Decoding.GREEDY, REPLY_TOKENS));
    }

    @Override
    public String label(Translation t) {
        return t.request().translatedId() + " (the source standing in for its translation)";
    }

    @Override
    public Judgement run(Translation t, LlmCalls calls) throws InterruptedException {
        return TranslationJudge.judge(t, titles, calls, template, maxAttempts);
    }

}
