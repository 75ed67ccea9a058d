package io.clirbench.cli.agent;

import io.clirbench.cli.FollowSymlinksOption;
import io.clirbench.cli.construct.BuildLlmOptions;
import io.clirbench.core.agentic.eval.AnswerParser;
import io.clirbench.core.agentic.eval.ExactMatch;
import io.clirbench.core.agentic.format.AgentTaskReader;
import io.clirbench.core.agentic.format.BcpRunReader;
import io.clirbench.core.agentic.format.GroundTruthReader;
import io.clirbench.core.agentic.format.TraceJsonl;
import io.clirbench.core.agentic.judge.AnswerJudge;
import io.clirbench.core.agentic.judge.AnswerJudgeStep;
import io.clirbench.core.agentic.judge.BcpEvalFiles;
import io.clirbench.core.agentic.judge.JudgeItem;
import io.clirbench.core.agentic.judge.JudgePrompt;
import io.clirbench.core.agentic.judge.JudgeRecord;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.llm.BuildLlm;
import io.clirbench.core.llm.Decoding;
import io.clirbench.core.llm.ModelsConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code bench agent judge RUN --endpoint URL --model M [--prompt xbcp|bcp|FILE]}: judges every answer of an agent run
 * with an LLM over an OpenAI-compatible endpoint (METRICS.md §5 "Answer judge") and writes the judgements in
 * BrowseComp-Plus's per-query evaluation layout, which {@code bench agent eval --judgements} reads in both modes. The
 * calls go through the build pipelines' response cache (a second run, or a run resumed after a kill, pays for no
 * answered call again), budget and bounded concurrency.
 */
@Command(name = "judge", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Judge every answer of an agent run (a BrowseComp-Plus run directory or our trace .jsonl) with an LLM "
                + "(OpenAI-compatible chat completions) and write the judgements in BrowseComp-Plus's layout "
                + "(RUNSTEM_eval.json per answer) for bench agent eval --judgements, in the default mode and with --compat bcp.",
                "Malformed replies are asked again, then recorded as unjudged (counted wrong) with the reply kept. Replies are "
                        + "cached in the work directory: a second run or a run resumed after an interruption pays for no "
                        + "answered call again."})
public class AgentJudgeCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "RUN", description = "The run: a BrowseComp-Plus run directory or a trace .jsonl.")
    Path run;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Truth truth;

    static class Truth {
        @Option(names = "--task", paramLabel = "DIR", description = "Agentic task directory (its questions and answers).")
        Path task;

        @Option(names = "--ground-truth", paramLabel = "FILE", description = "Ground truth JSONL (query_id, query, answer).")
        Path groundTruth;
    }

    @Option(names = "--endpoint", paramLabel = "URL",
            description = "Chat-completions base URL of the judge, e.g. http://localhost:8000/v1 (with --model; instead of the judge "
                    + "role of --models).")
    String endpoint;

    @Option(names = "--model", paramLabel = "M", description = "The judge model, as sent to --endpoint.")
    String model;

    @Option(names = "--api-key", paramLabel = "KEY", defaultValue = "${env:OPENAI_API_KEY}",
            description = "API key for --endpoint (default: $OPENAI_API_KEY).")
    String apiKey;

    @Option(names = "--prompt", paramLabel = "xbcp|bcp|FILE", defaultValue = "xbcp",
            description = "The judge prompt: xbcp (BrowseComp-Plus's grader accepting translations, transliterations and small "
                    + "numerical deviations), bcp (BrowseComp-Plus's grader), or a prompt file with {{question}}, {{response}} "
                    + "and {{correct_answer}} (default: ${DEFAULT-VALUE}). Its SHA-256 goes into every judgement.")
    String prompt;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Where the RUNSTEM_eval.json files go. Default: as BrowseComp-Plus's evaluator, evals/ plus the run "
                    + "directory's path after its 'runs' folder.")
    Path out;

    @Option(names = "--max-output-tokens", paramLabel = "N", defaultValue = "4096",
            description = "max_tokens of one judge reply (default: ${DEFAULT-VALUE}, BrowseComp-Plus's).")
    int maxOutputTokens;

    @Option(names = "--temperature", paramLabel = "T", defaultValue = "0", description = "Sampling temperature (default: ${DEFAULT-VALUE}).")
    double temperature;

    @Option(names = "--lenient", description = "Skip (count and list) run files that are not valid JSON or lack a field, instead of failing.")
    boolean lenient;

    @Mixin
    FollowSymlinksOption links;

    @Mixin
    BuildLlmOptions build;

    /** The environment variable an {@code --api-key} is handed to the judge's port under. */
    private static final String KEY_VARIABLE = "CLIRBENCH_AGENT_JUDGE_API_KEY";

    @Override
    public Integer call() throws IOException {
        if (!Files.exists(run)) {
            throw new IllegalArgumentException("RUN " + run + ": no such file or directory");
        }
        if ((endpoint == null) != (model == null)) {
            throw new IllegalArgumentException("--endpoint and --model go together (or give the judge role in --models)");
        }
        JudgePrompt judgePrompt = JudgePrompt.of(prompt, build.prompts());
        Decoding decoding = new Decoding(temperature, maxOutputTokens);
        Path named = out != null ? out : defaultOut(run);
        checkOut(named);
        List<Path> inputs = Arrays.asList(run, truth.task, truth.groundTruth, prompt.equals("bcp") || prompt.equals("xbcp") ? null : Path.of(prompt));
        Path target = links.check(named, inputs, List.of()); // before anything is read
        List<GroundTruth> questions = truth.task != null ? AgentTaskReader.read(truth.task).queries() : GroundTruthReader.read(truth.groundTruth);
        String name = run.getFileName().toString().replaceAll("\\.jsonl$", "");
        AgentRun agentRun = Files.isDirectory(run) ? BcpRunReader.read(run, name, !lenient) : TraceJsonl.read(run, name);
        List<JudgeItem> items = BcpEvalFiles.items(agentRun, questions, run);
        links.check(named, inputs, FollowSymlinksOption.inside(named, items.stream().map(JudgeItem::evalFile).toList()));
        ModelsConfig config = config();
        if (build.dryRun()) {
            AnswerJudge planned = new AnswerJudge(null, judgePrompt, decoding, build.maxAttempts());
            return build.dryRun("bench agent judge", List.of(new AnswerJudgeStep(planned, items, r -> { })), List.of(), config, System.err);
        }
        Files.createDirectories(target);
        Map<String, String> env = new LinkedHashMap<>(System.getenv());
        if (apiKey != null) {
            env.put(KEY_VARIABLE, apiKey);
        }
        BuildLlm llm = build.open(target, Set.of(AnswerJudge.ROLE), config, env);
        AnswerJudge judge = new AnswerJudge(llm, judgePrompt, decoding, build.maxAttempts());
        return build.execute(target, "judge", llm, "The answers judged so far are in " + target, System.err, runner -> {
            List<JudgeRecord> records = runner.run(new AnswerJudgeStep(judge, items, r -> BcpEvalFiles.write(target, r)));
            System.out.print(summary(records, judgePrompt, target, llm));
            warnAboutOtherFiles(target, items);
            return 0;
        });
    }

    /**
     * The judge's endpoint: {@code --endpoint} and {@code --model} (with the prices of {@code --models} when given), else
     * the judge role of {@code --models} (or the environment).
     */
    private ModelsConfig config() {
        if (endpoint == null) {
            return build.config();
        }
        return new ModelsConfig(Map.of(AnswerJudge.ROLE, new ModelsConfig.Endpoint(endpoint, model, KEY_VARIABLE, "")), build.prices());
    }

    /** BrowseComp-Plus's {@code mirror_directory_structure} under {@code evals}: the run path after its 'runs' folder. */
    static Path defaultOut(Path run) {
        Path abs = run.toAbsolutePath().normalize();
        int runs = -1;
        for (int i = 0; i < abs.getNameCount(); i++) {
            if (abs.getName(i).toString().equals("runs")) {
                runs = i;
                break;
            }
        }
        Path mirrored = Path.of("evals");
        int from = runs >= 0 ? runs + 1 : Math.max(0, abs.getNameCount() - 4);
        for (int i = from; i < abs.getNameCount(); i++) {
            mirrored = mirrored.resolve(abs.getName(i).toString().replaceAll("\\.jsonl$", ""));
        }
        return mirrored;
    }

    /** The judgements must not land in the run (its reader would take them for run files), nor replace a file. */
    private void checkOut(Path target) {
        Path o = target.toAbsolutePath().normalize();
        Path r = run.toAbsolutePath().normalize();
        if (o.startsWith(r)) {
            throw new IllegalArgumentException("--out " + target + " is (inside) the run " + run + ": choose another directory");
        }
        if (Files.exists(o, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(o)) {
            throw new IllegalArgumentException("--out " + target + " exists and is not a directory");
        }
    }

    /** What was judged, with the exact-match rule's disagreements, and the calls paid and cached. */
    static String summary(List<JudgeRecord> records, JudgePrompt prompt, Path target, BuildLlm llm) {
        int yes = 0;
        int no = 0;
        int unjudged = 0;
        int unfinished = 0;
        int yesNo = 0;
        int noYes = 0;
        for (JudgeRecord r : records) {
            if (r.verdict() == null) {
                unfinished++;
            } else if (r.unjudged()) {
                unjudged++;
            } else {
                boolean judge = r.verdict().correct();
                boolean exact = ExactMatch.matches(AnswerParser.exactAnswer(r.item().response()), r.item().correctAnswer());
                if (judge) {
                    yes++;
                } else {
                    no++;
                }
                if (judge && !exact) {
                    yesNo++;
                } else if (!judge && exact) {
                    noYes++;
                }
            }
        }
        return String.format(Locale.ROOT, "judge %s, prompt %s (%s, sha256 %s)%n"
                        + "%d answers: %d correct, %d wrong, %d unjudged (malformed replies; counted wrong), %d unfinished runs not judged%n"
                        + "exact match disagrees on %d (judge yes, exact match no: %d; judge no, exact match yes: %d)%n"
                        + "calls: %d paid, %d from the cache; wrote %d evaluation files to %s%n",
                llm.model(AnswerJudge.ROLE), prompt.id(), prompt.version(), prompt.sha256(), records.size(), yes, no, unjudged,
                unfinished, yesNo + noYes, yesNo, noYes, llm.paidThisRun(), llm.cachedThisRun(), records.size(), target);
    }

    /** Evaluation files in the output that this run did not write: {@code --judgements} would read them too. */
    private static void warnAboutOtherFiles(Path target, List<JudgeItem> items) {
        Set<String> ours = new HashSet<>();
        items.forEach(i -> ours.add(i.evalFile()));
        try (Stream<Path> s = Files.list(target)) {
            List<String> other = s.map(p -> p.getFileName().toString()).filter(f -> f.endsWith(".json") && !ours.contains(f)).sorted().toList();
            if (!other.isEmpty()) {
                System.err.printf(Locale.ROOT, "warning: %s holds %d other .json files (e.g. %s) that bench agent eval --judgements reads too%n",
                        target, other.size(), other.get(0));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + target + ": " + e.getMessage(), e);
        }
    }
}
