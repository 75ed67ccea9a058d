package io.clirbench.core.build.qajudge;

import io.clirbench.core.build.llm.BuildLlm;
import io.clirbench.core.build.llm.BuildProgress;
import io.clirbench.core.build.llm.Decoding;
import io.clirbench.core.build.llm.ItemRunner;
import io.clirbench.core.build.llm.Parsed;
import io.clirbench.core.build.llm.Prompt;
import io.clirbench.core.build.llm.PromptTemplate;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * XHotpotQA's {@code judge} step on the build infrastructure: each sampled unit is scored 0–100 by role {@code judge}
 * with the peer's v2 strict-JSON prompts as files ({@code qa-judge/translation.txt} for paragraphs and questions,
 * {@code qa-judge/answer.txt} for answers; the user message is the peer's canonical JSON of the unit). Greedy, at
 * most 512 completion tokens, as the peer's defaults. A reply {@link JudgeReply} refuses is asked again naming the
 * problem, then a recorded failure of that unit; the build goes on.
 */
public final class QaJudge {

    public static final String ROLE = "judge";
    public static final String TRANSLATION_PROMPT = "qa-judge/translation.txt";
    public static final String ANSWER_PROMPT = "qa-judge/answer.txt";
    public static final Decoding DECODING = new Decoding(0, 512);

    private QaJudge() {
    }

    /** The prompt of each kind of unit: the shipped files, or the user's of the same name in {@code overrides}. */
    public static Map<JudgeUnit.Kind, PromptTemplate> prompts(Path overrides) {
        PromptTemplate translation = PromptTemplate.load(TRANSLATION_PROMPT, overrides);
        Map<JudgeUnit.Kind, PromptTemplate> out = new EnumMap<>(JudgeUnit.Kind.class);
        out.put(JudgeUnit.Kind.PARAGRAPH, translation);
        out.put(JudgeUnit.Kind.QUESTION, translation);
        out.put(JudgeUnit.Kind.ANSWER, PromptTemplate.load(ANSWER_PROMPT, overrides));
        return out;
    }

    /** One hash for the pair of prompts, as the peer's {@code prompt_hash}: SHA-256 of the two files' SHA-256s. */
    public static String promptHash(Map<JudgeUnit.Kind, PromptTemplate> prompts) {
        return JudgeUnit.sha256(prompts.get(JudgeUnit.Kind.PARAGRAPH).sha256() + prompts.get(JudgeUnit.Kind.ANSWER).sha256());
    }

    public static Prompt prompt(Map<JudgeUnit.Kind, PromptTemplate> prompts, JudgeUnit unit) {
        return prompts.get(unit.kind()).render(Map.of("source_language", JudgeUnit.name(unit.sourceLanguage()), "unit", unit.userPayload()));
    }

    /** Judges every unit (results in unit order). */
    public static List<UnitJudgement> judge(List<JudgeUnit> units, BuildLlm llm, Map<JudgeUnit.Kind, PromptTemplate> prompts,
            int concurrency, int maxAttempts, BuildProgress progress) throws InterruptedException {
        return ItemRunner.run(units, concurrency, u -> {
            Prompt prompt = prompt(prompts, u);
            Parsed<JudgeReply> p = llm.askParsed(ROLE, prompt, DECODING, JudgeReply::parse, maxAttempts);
            return new UnitJudgement(u, p.value(), p.rejection(), p.attempts(), prompt);
        }, llm, progress);
    }
}
