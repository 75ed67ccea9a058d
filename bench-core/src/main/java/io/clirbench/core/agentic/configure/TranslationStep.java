package io.clirbench.core.agentic.configure;

import io.clirbench.core.llm.Decoding;
import io.clirbench.core.llm.Languages;
import io.clirbench.core.llm.LlmCalls;
import io.clirbench.core.llm.Parsed;
import io.clirbench.core.llm.Prompt;
import io.clirbench.core.llm.PromptTemplate;
import io.clirbench.core.llm.UnusableReplyException;
import io.clirbench.core.llm.step.BuildStep;
import io.clirbench.core.llm.step.DryRun;
import io.clirbench.core.llm.step.PlannedCall;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * {@code bench agent configure --translator}'s translations as a build step: a unit is one text ({@link
 * PlannedTranslations}), translated by role {@value #ROLE} with the prompt file {@value #PROMPT}, greedy; an empty reply
 * is unusable (asked again, then a rejection). A reply is expected about as long as its source.
 */
public record TranslationStep(List<TextTranslation> units, PromptTemplate template, int maxAttempts)
        implements BuildStep<TextTranslation, Parsed<String>> {

    public static final String ROLE = "translator";
    public static final String PROMPT = "agent-configure/translate.txt";
    public static final Decoding DECODING = Decoding.GREEDY;

    public TranslationStep {
        units = List.copyOf(units);
    }

    /** {@code prompts}: the user's prompt directory (its {@value #PROMPT} replaces the shipped one), or null. */
    public static TranslationStep of(List<TextTranslation> texts, Path prompts, int maxAttempts) {
        return new TranslationStep(texts, PromptTemplate.load(PROMPT, prompts), maxAttempts);
    }

    Prompt prompt(TextTranslation t) {
        return template.render(Map.of("source_language", Languages.name(t.sourceLang()), "target_language",
                Languages.name(t.targetLang()), "text", t.text()));
    }

    @Override
    public String name() {
        return "translate";
    }

    @Override
    public List<PlannedCall> plan(TextTranslation t) {
        return List.of(new PlannedCall(ROLE, prompt(t), DECODING, DryRun.tokens(t.text())));
    }

    @Override
    public String label(TextTranslation t) {
        return t.sourceLang() + " -> " + t.targetLang();
    }

    @Override
    public Parsed<String> run(TextTranslation t, LlmCalls calls) throws InterruptedException {
        return calls.askParsed(ROLE, prompt(t), DECODING, TranslationStep::usable, maxAttempts);
    }

    static String usable(String content) throws UnusableReplyException {
        if (content.isBlank()) {
            throw new UnusableReplyException("the translation is empty");
        }
        return content.strip();
    }
}
