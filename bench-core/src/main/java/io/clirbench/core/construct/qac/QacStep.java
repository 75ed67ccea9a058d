package io.clirbench.core.construct.qac;

import io.clirbench.core.llm.LlmCalls;
import io.clirbench.core.llm.step.BuildStep;
import io.clirbench.core.llm.step.PlannedCall;
import java.util.List;

/**
 * ChemCLIR-Bench's QAC generation as a build step: a unit is one planned question ({@link QacItem}), three calls
 * ({@link QacGenerator}): the generator's candidates, then the verifier's faithfulness and quality comparisons, whose
 * prompts quote the candidates; the dry run renders them with a stand-in (so its estimate of a verifier prompt lacks the
 * candidates' tokens, about a generator reply's).
 */
public record QacStep(List<QacItem> units, QacGenerator generator) implements BuildStep<QacItem, QacResult> {

    /** The expected length of a generator reply: three candidates of a question, an answer and a kind. */
    static final long GENERATOR_REPLY_TOKENS = 240;
    /** The expected length of a verifier reply: three entries of five or fewer scores and a failure type. */
    static final long VERIFIER_REPLY_TOKENS = 150;
    /** What stands for the generator's candidates in a verifier prompt before they exist. */
    static final String CANDIDATES_STAND_IN = "[the " + QacGenerator.CANDIDATES + " candidates the generator writes]";

    public QacStep {
        units = List.copyOf(units);
    }

    @Override
    public String name() {
        return "qac";
    }

    @Override
    public List<PlannedCall> plan(QacItem item) {
        return List.of(new PlannedCall(QacGenerator.GENERATOR, generator.generatorPrompt(item), QacGenerator.GENERATION, GENERATOR_REPLY_TOKENS),
                new PlannedCall(QacGenerator.VERIFIER, generator.faithfulnessPrompt(item, CANDIDATES_STAND_IN), QacGenerator.VERIFICATION,
                        VERIFIER_REPLY_TOKENS),
                new PlannedCall(QacGenerator.VERIFIER, generator.qualityPrompt(item, CANDIDATES_STAND_IN), QacGenerator.VERIFICATION,
                        VERIFIER_REPLY_TOKENS));
    }

    @Override
    public String label(QacItem item) {
        return item.source().id() + " (" + item.targetLang() + ")";
    }

    @Override
    public QacResult run(QacItem item, LlmCalls calls) throws InterruptedException {
        return generator.run(item, calls);
    }
}
