package io.clirbench.core.construct.qajudge;

import io.clirbench.core.llm.BuildLlm;
import io.clirbench.core.llm.BuildProgress;
import io.clirbench.core.llm.Decoding;
import io.clirbench.core.llm.LlmCalls;
import io.clirbench.core.llm.Parsed;
import io.clirbench.core.llm.Prompt;
import io.clirbench.core.llm.PromptTemplate;
import io.clirbench.core.llm.step.StepRunner;
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

    /**
     * Which of the peer's prompt pairs judges, and how its replies are read: {@code v2} (strict JSON, {@link
     * JudgeReply#parse}; the peer's current default) or {@code legacy} (the prompts of the paper's GLM-labelled artifacts:
     * an explanation and a final {@code SCORE: <integer>} line, {@link JudgeReply#parseScoreLine}).
     */
    public enum Rubric {
        V2("qa-judge/translation.txt", "qa-judge/answer.txt"),
        LEGACY("qa-judge/legacy-translation.txt", "qa-judge/legacy-answer.txt");

        private final String translation;
        private final String answer;

        Rubric(String translation, String answer) {
            this.translation = translation;
            this.answer = answer;
        }

        /** {@code v2} or {@code legacy}, as {@code --prompt} takes it. */
        public static Rubric named(String name) {
            return switch (name) {
                case "v2" -> V2;
                case "legacy" -> LEGACY;
                default -> throw new IllegalArgumentException("--prompt '" + name + "' is not v2 or legacy");
            };
        }

        JudgeReply parse(String content) throws io.clirbench.core.llm.UnusableReplyException {
            return this == V2 ? JudgeReply.parse(content) : JudgeReply.parseScoreLine(content);
        }
    }

    private QaJudge() {
    }

    /** The prompt of each kind of unit for a rubric: the shipped files, or the user's of the same name in {@code overrides}. */
    public static Map<JudgeUnit.Kind, PromptTemplate> prompts(Rubric rubric, Path overrides) {
        PromptTemplate translation = PromptTemplate.load(rubric.translation, overrides);
        Map<JudgeUnit.Kind, PromptTemplate> out = new EnumMap<>(JudgeUnit.Kind.class);
        out.put(JudgeUnit.Kind.PARAGRAPH, translation);
        out.put(JudgeUnit.Kind.QUESTION, translation);
        out.put(JudgeUnit.Kind.ANSWER, PromptTemplate.load(rubric.answer, overrides));
        return out;
    }

    /** One hash for the pair of prompts, as the peer's {@code prompt_hash}: SHA-256 of the two files' SHA-256s. */
    public static String promptHash(Map<JudgeUnit.Kind, PromptTemplate> prompts) {
        return JudgeUnit.sha256(prompts.get(JudgeUnit.Kind.PARAGRAPH).sha256() + prompts.get(JudgeUnit.Kind.ANSWER).sha256());
    }

    public static Prompt prompt(Map<JudgeUnit.Kind, PromptTemplate> prompts, JudgeUnit unit) {
        return prompts.get(unit.kind()).render(Map.of("source_language", JudgeUnit.name(unit.sourceLanguage()), "unit", unit.userPayload()));
    }

    /** Judges every unit, reading replies as {@code rubric} says (results in unit order). */
    public static List<UnitJudgement> judge(List<JudgeUnit> units, BuildLlm llm, Rubric rubric, Map<JudgeUnit.Kind, PromptTemplate> prompts,
            int concurrency, int maxAttempts, BuildProgress progress) throws InterruptedException {
        return new StepRunner(llm, concurrency, step -> progress).run(new QaJudgeStep(units, rubric, prompts, maxAttempts));
    }

    /** Judges one unit. */
    static UnitJudgement judge(JudgeUnit u, LlmCalls llm, Rubric rubric, Map<JudgeUnit.Kind, PromptTemplate> prompts, int maxAttempts)
            throws InterruptedException {
        Prompt prompt = prompt(prompts, u);
        Parsed<JudgeReply> p = llm.askParsed(ROLE, prompt, DECODING, rubric::parse, maxAttempts);
        return new UnitJudgement(u, p.value(), p.rejection(), p.attempts(), prompt);
    }
}
