package io.clirbench.cli.construct;

import io.clirbench.core.llm.Budget;
import io.clirbench.core.llm.BudgetExhaustedException;
import io.clirbench.core.llm.BuildLlm;
import io.clirbench.core.llm.BuildProgress;
import io.clirbench.core.llm.CallJournal;
import io.clirbench.core.llm.Parsed;
import io.clirbench.core.llm.Price;
import io.clirbench.core.llm.step.StepRunner;
import io.clirbench.openai.ChatEndpoint;
import io.clirbench.openai.construct.OpenAiLlmPort;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A whole build of {@link UpperStep} on the runner, as a command would run it: the port over a real endpoint, the call
 * journal in WORK, the budget, then the outputs written at the end (results.jsonl, provenance.json,
 * unusable-replies.jsonl). A {@code main} so that a test can run it in a child JVM and kill it with SIGKILL.
 */
final class UpperBuild {

    static final List<String> WORDS = List.of("w01", "w02", "w03", "w04", "w05", "w06", "w07", "w08", "w09", "w10", "w11", "w12");

    private UpperBuild() {
    }

    /** {@code BASE_URL PROMPTS OUT WORK CONCURRENCY MAX_TOKENS}; exit code 3 when the budget stopped it. */
    public static void main(String[] args) throws Exception {
        System.exit(run(args[0], Path.of(args[1]), Path.of(args[2]), Path.of(args[3]), Integer.parseInt(args[4]), Long.parseLong(args[5])));
    }

    static int run(String baseUrl, Path prompts, Path out, Path work, int concurrency, long maxTokens) throws Exception {
        OpenAiLlmPort port = new OpenAiLlmPort(ChatEndpoint.named(baseUrl, "m-test", null), OpenAiLlmPort.POLICY.withMaxConcurrency(concurrency));
        UpperStep step = UpperStep.of(WORDS, prompts, 2);
        try (BuildLlm llm = new BuildLlm(Map.of(UpperStep.ROLE, port), CallJournal.open(work.resolve("calls.jsonl")),
                new Budget(maxTokens, 0, Map.of("m-test", new Price(2.5, 10))))) {
            StepRunner runner = new StepRunner(llm, concurrency, name -> BuildProgress.NONE);
            List<Parsed<String>> results;
            try {
                results = runner.run(step);
            } catch (BudgetExhaustedException e) {
                return 3;
            }
            Files.createDirectories(out);
            Files.writeString(out.resolve("results.jsonl"), UpperStep.lines(WORDS, results), StandardCharsets.UTF_8);
            Files.writeString(out.resolve("provenance.json"), runner.record().provenance().toPrettyString() + "\n", StandardCharsets.UTF_8);
            Files.writeString(out.resolve("unusable-replies.jsonl"), runner.record().unusableRepliesJsonl(), StandardCharsets.UTF_8);
            return 0;
        }
    }
}
