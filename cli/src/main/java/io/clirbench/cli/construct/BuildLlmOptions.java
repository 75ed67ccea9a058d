package io.clirbench.cli.construct;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.core.llm.Budget;
import io.clirbench.core.llm.BuildLlm;
import io.clirbench.core.llm.BuildProgress;
import io.clirbench.core.llm.CallJournal;
import io.clirbench.core.llm.LlmPort;
import io.clirbench.core.llm.ModelUsage;
import io.clirbench.core.llm.ModelsConfig;
import io.clirbench.core.llm.step.BuildStep;
import io.clirbench.core.llm.step.DryRun;
import io.clirbench.core.llm.step.StepRunner;
import io.clirbench.core.io.OutputTarget;
import io.clirbench.openai.construct.OpenAiLlmPort;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import picocli.CommandLine.Option;

/**
 * The options every LLM build shares, and what they open: the models by role, the call journal (response cache and
 * resume state) in the work directory, the budget, the progress bar and the run log. A pipeline command mixes these
 * in with {@code @Mixin}.
 */
public final class BuildLlmOptions {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Option(names = "--models", paramLabel = "FILE",
            description = "models.json: the endpoint and model of each role (generator, translator, verifier, judge) and per-model "
                    + "prices. Default: every role on $OPENAI_BASE_URL with $OPENAI_MODEL (bearer token $OPENAI_API_KEY).")
    Path models;

    @Option(names = "--work", paramLabel = "DIR",
            description = "Where the call journal (the response cache: a re-run or a resumed build pays nothing twice) and the run "
                    + "log live. Default: OUT.work beside the output.")
    Path work;

    @Option(names = "--concurrency", paramLabel = "N", defaultValue = "4",
            description = "Items worked on at once, and so requests in flight (default: ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(names = "--max-tokens", paramLabel = "N", defaultValue = "0",
            description = "Stop cleanly once the build's calls (resumed runs included) have used this many tokens; 0: no limit.")
    long maxTokens;

    @Option(names = "--max-cost", paramLabel = "USD", defaultValue = "0",
            description = "Stop cleanly once the build's calls have cost this much (prices from models.json); 0: no limit.")
    double maxCost;

    @Option(names = "--max-attempts", paramLabel = "N", defaultValue = "3",
            description = "Replies asked for before an unusable one (bad JSON, a missing field, a changed sentence count) becomes a "
                    + "recorded rejection (default: ${DEFAULT-VALUE}).")
    int maxAttempts;

    @Option(names = "--max-reply-mib", paramLabel = "MIB", defaultValue = "16",
            description = "The longest reply read from an endpoint, in MiB; a longer one is refused unread past the limit and stops "
                    + "the build (default: ${DEFAULT-VALUE}).")
    int maxReplyMib;

    @Option(names = "--dry-run", description = "Make no call: print the calls per role and per prompt file, a cost estimate from "
            + "the prices in models.json (how it is made is printed with it) and an example of each prompt, then stop.")
    boolean dryRun;

    @Option(names = "--prompts", paramLabel = "DIR",
            description = "A directory of prompt files that replace the shipped ones of the same relative name.")
    Path prompts;

    /** A pipeline's work, given the runner of its steps on the opened models; its exit code (0: done). */
    @FunctionalInterface
    public interface Body {
        int run(StepRunner runner) throws InterruptedException, IOException;
    }

    private long startNanos;
    private Instant startedAt;

    /**
     * Refuses an output directory that is a symbolic link, is one of the build's {@code inputs} (by option), holds one or
     * lies in one ({@link OutputTarget#checkReplacedDirectory}), or exists, is not empty and holds no earlier build (no
     * {@code build-report.json}): a build replaces its output, so it must not replace anything else.
     */
    public static void checkOutput(Path out, Map<String, Path> inputs) throws IOException {
        OutputTarget.checkReplacedDirectory(out, "--out", inputs);
        if (Files.isDirectory(out) && !Files.exists(out.resolve("build-report.json"))) {
            try (Stream<Path> s = Files.list(out)) {
                if (s.findAny().isPresent()) {
                    throw new IllegalArgumentException("--out " + out + " exists, is not empty and holds no earlier build "
                            + "(build-report.json): choose another directory");
                }
            }
        }
    }

    public int concurrency() {
        return concurrency;
    }

    public int maxAttempts() {
        return maxAttempts;
    }

    public boolean dryRun() {
        return dryRun;
    }

    /** The user's prompt directory, or null. */
    public Path prompts() {
        return prompts;
    }

    /** The work directory of the build writing {@code out}. */
    public Path workDir(Path out) {
        Path abs = out.toAbsolutePath().normalize();
        return work != null ? work : abs.resolveSibling(abs.getFileName() + ".work");
    }

    /** The models by role as configured: {@code --models}, or every role from the environment. */
    public ModelsConfig config() {
        return models != null ? ModelsConfig.read(models) : ModelsConfig.fromEnvironment(System.getenv());
    }

    /** The per-model prices of {@code --models} (none without it): for a command whose endpoint can also come from its own options. */
    public Map<String, io.clirbench.core.llm.Price> prices() {
        return models != null ? ModelsConfig.read(models).prices() : Map.of();
    }

    /** Where the models come from, for messages: the {@code --models} file or "the environment". */
    public String configSource() {
        return models != null ? models.toString() : "the environment (OPENAI_MODEL for every role)";
    }

    /** The configured models (every role in {@code needed} required), the journal and the budget. */
    public BuildLlm open(Path out, Set<String> needed) {
        return open(out, needed, config(), System.getenv());
    }

    /** The same with the models of {@code config}, bearer tokens looked up in {@code env}. */
    public BuildLlm open(Path out, Set<String> needed, ModelsConfig config, Map<String, String> env) {
        startNanos = System.nanoTime();
        startedAt = Instant.now();
        if (maxReplyMib < 1 || maxReplyMib > 2047) {
            throw new IllegalArgumentException("--max-reply-mib must be in 1..2047, got " + maxReplyMib);
        }
        Map<String, LlmPort> roles = new LinkedHashMap<>();
        Map<String, String> revisions = new LinkedHashMap<>();
        for (String role : new TreeSet<>(needed)) {
            ModelsConfig.Endpoint e = config.roles().get(role);
            if (e == null) {
                throw new IllegalArgumentException((models == null ? "the environment" : models.toString())
                        + ": no model for the role '" + role + "', which this build needs");
            }
            revisions.put(role, e.revision());
            roles.put(role, OpenAiLlmPort.of(e, env, OpenAiLlmPort.POLICY.withMaxConcurrency(Math.max(1, concurrency))
                    .withMaxReplyBytes((long) maxReplyMib << 20)));
        }
        CallJournal journal = CallJournal.open(workDir(out).resolve("calls.jsonl"));
        return new BuildLlm(roles, revisions, journal, new Budget(maxTokens, maxCost, config.prices()));
    }

    /**
     * Opens the models and journal, runs {@code body} with a {@link StepRunner} on them, closes the journal and logs
     * the run. The budget spent or the endpoint gone ends the build cleanly: a message saying how to resume, exit code
     * {@link BuildExit#STOPPED} (the body must not have written its output yet: pipelines write it at the end,
     * atomically). Interrupted: 130.
     */
    public int execute(Path out, String command, Set<String> roles, PrintStream console, Body body) throws IOException {
        return execute(out, command, open(out, roles), "Nothing was written to " + out, console, body);
    }

    /** The same on models already opened; {@code written} says what a stopped build leaves (for the message). */
    public int execute(Path out, String command, BuildLlm llm, String written, PrintStream console, Body body) throws IOException {
        try {
            int code = body.run(new StepRunner(llm, concurrency, step -> progress(console, step)));
            logRun(out, command, code == 0 ? "done" : "done, exit code " + code, llm, console);
            return code;
        } catch (io.clirbench.core.llm.BudgetExhaustedException | io.clirbench.core.llm.LlmUnavailableException e) {
            console.printf(Locale.ROOT, "%s: stopped: %s. %s; run the same command again to resume: "
                    + "the %,d answered calls are in %s and are not paid again.%n", command, e.getMessage(), written,
                    llm.usage().stream().mapToLong(ModelUsage::calls).sum(), workDir(out).resolve("calls.jsonl"));
            logRun(out, command, "stopped: " + e.getMessage(), llm, console);
            return BuildExit.STOPPED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            logRun(out, command, "interrupted", llm, console);
            return 130;
        } finally {
            llm.close();
        }
    }

    public BuildProgress progress(PrintStream out, String what) {
        return new BuildProgressBar(out, what);
    }

    /**
     * The dry run of {@code steps}: no call; the calls per role and prompt, the cost estimate from the configured models'
     * prices (models not configured: "unknown", unpriced), {@code notes}, and an example of each prompt on {@code console}.
     */
    public int dryRun(String command, List<? extends BuildStep<?, ?>> steps, List<String> notes, PrintStream console) {
        ModelsConfig config;
        try {
            config = config();
        } catch (IllegalArgumentException e) {
            if (models != null) {
                throw e;
            }
            config = new ModelsConfig(Map.of(), Map.of()); // no endpoint configured: a dry run still counts
        }
        return dryRun(command, steps, notes, config, console);
    }

    /** The same with the models of {@code config}. */
    public int dryRun(String command, List<? extends BuildStep<?, ?>> steps, List<String> notes, ModelsConfig config, PrintStream console) {
        Map<String, String> byRole = new TreeMap<>();
        config.roles().forEach((role, e) -> byRole.put(role, e.model()));
        console.print(DryRun.of(steps, byRole, config.prices()).render(command, maxAttempts, notes));
        return 0;
    }

    /**
     * Appends this run to {@code WORK/build-runs.jsonl} (start, wall time, outcome, calls paid and served from the cache,
     * the build's tokens and cost) and prints the same on {@code console}: what the byte-identical outputs cannot hold.
     */
    public void logRun(Path out, String command, String outcome, BuildLlm llm, PrintStream console) {
        double wall = (System.nanoTime() - startNanos) / 1e9;
        var line = JSON.createObjectNode().put("command", command).put("started", startedAt.toString())
                .put("wall_s", Math.round(wall * 10) / 10.0).put("outcome", outcome)
                .put("paid_calls", llm.paidThisRun()).put("cached_calls", llm.cachedThisRun())
                .put("build_tokens", llm.tokens()).put("build_cost_usd", llm.cost());
        ModelUsage.putInto(line, llm.usage());
        Path log = workDir(out).resolve("build-runs.jsonl");
        try {
            Files.createDirectories(log.getParent());
            Files.writeString(log, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(log + ": cannot append the run log: " + e.getMessage(), e);
        }
        console.printf(Locale.ROOT, "%s in %.1f s: %,d calls paid, %,d from the cache; the build so far: %,d tokens, $%.4f (%s)%n",
                outcome, wall, llm.paidThisRun(), llm.cachedThisRun(), llm.tokens(), llm.cost(), log);
    }
}
