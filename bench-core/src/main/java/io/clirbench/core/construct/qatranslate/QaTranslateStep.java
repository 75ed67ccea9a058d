package io.clirbench.core.construct.qatranslate;

import io.clirbench.core.llm.LlmCalls;
import io.clirbench.core.llm.step.BuildStep;
import io.clirbench.core.llm.step.DryRun;
import io.clirbench.core.llm.step.PlannedCall;
import io.clirbench.core.qa.model.Candidate;
import io.clirbench.core.qa.model.QaInstance;
import java.util.ArrayList;
import java.util.List;

/**
 * XHotpotQA's translation as a build step: a unit is one instance ({@link QaTranslator#translate}), one call per
 * paragraph assigned another language and one for the question and answer when theirs changes; a reply is expected
 * about as long as what it translates, plus its JSON.
 */
public record QaTranslateStep(List<QaInstance> units, QaTranslator translator) implements BuildStep<QaInstance, QaTranslator.Outcome> {

    /** The JSON around a translation ({@code {"title": ..., "sentences": [...]}}), in tokens. */
    static final long JSON_TOKENS = 20;

    public QaTranslateStep {
        units = List.copyOf(units);
    }

    @Override
    public String name() {
        return "qa-translate";
    }

    @Override
    public List<PlannedCall> plan(QaInstance i) {
        List<PlannedCall> out = new ArrayList<>();
        for (int k = 0; k < i.candidates().size(); k++) {
            Candidate c = i.candidates().get(k);
            String target = translator.paragraphLanguage(i, k);
            if (!target.equals(c.language())) {
                out.add(new PlannedCall(QaTranslator.ROLE, translator.paragraphPrompt(c, target), QaTranslator.DECODING,
                        DryRun.tokens(c.title() + String.join(" ", c.sentences())) + JSON_TOKENS));
            }
        }
        String q = translator.questionLanguage(i);
        if (!q.equals(i.questionLanguage())) {
            out.add(new PlannedCall(QaTranslator.ROLE, translator.questionPrompt(i, q), QaTranslator.DECODING,
                    DryRun.tokens(i.question() + i.answer()) + JSON_TOKENS));
        }
        return out;
    }

    @Override
    public String label(QaInstance i) {
        return i.id();
    }

    @Override
    public QaTranslator.Outcome run(QaInstance i, LlmCalls calls) throws InterruptedException {
        return translator.translate(i, calls);
    }
}
