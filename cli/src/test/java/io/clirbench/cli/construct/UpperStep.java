package io.clirbench.cli.construct;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.core.llm.Decoding;
import io.clirbench.core.llm.LlmCalls;
import io.clirbench.core.llm.Parsed;
import io.clirbench.core.llm.PromptTemplate;
import io.clirbench.core.llm.UnusableReplyException;
import io.clirbench.core.llm.step.BuildStep;
import io.clirbench.core.llm.step.PlannedCall;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A build step for the runner's own test: a unit is a word, the generator is asked to write it in capitals with the
 * prompt file {@value #PROMPT} (written by {@link #writePrompt}), and a reply is usable only as {@code {"upper": W}} with
 * W the word in capitals. Greedy, 10 reply tokens expected.
 */
record UpperStep(List<String> units, PromptTemplate template, int maxAttempts) implements BuildStep<String, Parsed<String>> {

    static final String PROMPT = "test/upper.txt";
    static final String ROLE = "generator";
    /** 40 characters: 10 estimated tokens. */
    static final String SYSTEM = "Answer with the word in capital letters.";
    static final ObjectMapper JSON = new ObjectMapper();

    static UpperStep of(List<String> words, Path prompts, int maxAttempts) {
        return new UpperStep(words, PromptTemplate.load(PROMPT, prompts), maxAttempts);
    }

    static void writePrompt(Path prompts) throws IOException {
        Files.createDirectories(prompts.resolve("test"));
        Files.writeString(prompts.resolve(PROMPT), "# id: test-upper\n# version: 1\n[system]\n" + SYSTEM + "\n[user]\n{{word}}\n");
    }

    @Override
    public String name() {
        return "upper";
    }

    @Override
    public List<PlannedCall> plan(String word) {
        return List.of(new PlannedCall(ROLE, template.render(Map.of("word", word)), Decoding.GREEDY, 10));
    }

    @Override
    public Parsed<String> run(String word, LlmCalls calls) throws InterruptedException {
        return calls.askParsed(ROLE, template.render(Map.of("word", word)), Decoding.GREEDY, content -> {
            try {
                JsonNode o = JSON.readTree(content);
                if (o != null && o.path("upper").asText("").equals(word.toUpperCase(java.util.Locale.ROOT))) {
                    return o.get("upper").asText();
                }
            } catch (IOException e) {
                // unusable, below
            }
            throw new UnusableReplyException("the reply is not {\"upper\": \"" + word.toUpperCase(java.util.Locale.ROOT) + "\"}");
        }, maxAttempts);
    }

    /** The step's output: one JSON line per word, its capitals or its rejection and the unusable reply kept. */
    static String lines(List<String> words, List<Parsed<String>> results) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < words.size(); i++) {
            Parsed<String> p = results.get(i);
            ObjectNode o = JSON.createObjectNode().put("word", words.get(i)).put("attempts", p.attempts());
            if (p.ok()) {
                o.put("upper", p.value());
            } else {
                o.put("rejection", p.rejection()).put("reply", p.unusableReply());
            }
            sb.append(o).append('\n');
        }
        return sb.toString();
    }
}
