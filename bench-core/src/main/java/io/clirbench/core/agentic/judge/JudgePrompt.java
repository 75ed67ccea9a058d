package io.clirbench.core.agentic.judge;

import io.clirbench.core.llm.Prompt;
import io.clirbench.core.llm.PromptTemplate;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The judge's prompt: a shipped one by name ({@code bcp}: BrowseComp-Plus's grader template; {@code xbcp}: the same
 * extended for cross-lingual answers) or a prompt file of the user's ({@link PromptTemplate}'s format, with the
 * placeholders {@code {{question}}}, {@code {{response}}} and {@code {{correct_answer}}}). Its SHA-256 (of the file's
 * bytes) goes into every judgement.
 */
public final class JudgePrompt {

    /** The shipped prompts' directory under the build prompts. */
    static final String SHIPPED = "agent-judge/";

    private final PromptTemplate template;

    private JudgePrompt(PromptTemplate template, String file) {
        this.template = template;
        String text = String.join("\n", template.render(Map.of("question", "\u0001q", "response", "\u0001r", "correct_answer", "\u0001a"))
                .messages().stream().map(m -> m.content()).toList());
        for (String[] p : new String[][] {{"question", "\u0001q"}, {"response", "\u0001r"}, {"correct_answer", "\u0001a"}}) {
            if (!text.contains(p[1])) {
                throw new IllegalArgumentException("--prompt " + file + ": the prompt has no placeholder {{" + p[0] + "}}");
            }
        }
    }

    /** {@code bcp}, {@code xbcp} or the path of a prompt file. */
    public static JudgePrompt of(String nameOrFile) {
        return of(nameOrFile, null);
    }

    /** The same, a shipped prompt replaced by the user's file of the same name in {@code overrides} (null: none). */
    public static JudgePrompt of(String nameOrFile, Path overrides) {
        if (nameOrFile.equals("bcp") || nameOrFile.equals("xbcp")) {
            return new JudgePrompt(PromptTemplate.load(SHIPPED + nameOrFile + ".txt", overrides), nameOrFile);
        }
        Path file = Path.of(nameOrFile).toAbsolutePath();
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("--prompt " + nameOrFile + ": neither bcp, xbcp nor a prompt file");
        }
        return new JudgePrompt(PromptTemplate.load(file.getFileName().toString(), file.getParent()), nameOrFile);
    }

    /** The messages for one answer. */
    public Prompt render(String question, String response, String correctAnswer) {
        return template.render(Map.of("question", question, "response", response, "correct_answer", correctAnswer));
    }

    public String id() {
        return template.id();
    }

    public String version() {
        return template.version();
    }

    public String sha256() {
        return template.sha256();
    }
}
