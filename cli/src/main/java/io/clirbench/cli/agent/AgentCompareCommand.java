package io.clirbench.cli.agent;

import io.clirbench.cli.FollowSymlinksOption;
import io.clirbench.cli.StatsOptions;
import io.clirbench.core.agentic.eval.AgentBenchmark;
import io.clirbench.core.agentic.eval.AgentEvaluation;
import io.clirbench.core.agentic.eval.RunSettings;
import io.clirbench.core.agentic.eval.XbcpStudy;
import io.clirbench.core.agentic.eval.ScoringMode;
import io.clirbench.core.agentic.format.AgentTaskReader;
import io.clirbench.core.agentic.format.BcpRunReader;
import io.clirbench.core.agentic.format.JudgementReader;
import io.clirbench.core.agentic.format.TraceJsonl;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.AgentTrace;
import io.clirbench.core.agentic.model.Judgement;
import io.clirbench.core.agentic.report.XbcpStudyReport;
import io.clirbench.core.model.Document;
import io.clirbench.core.report.ReportDirectory;
import io.clirbench.core.report.ReportFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bench agent compare}: XBCP's comparison across configurations (METRICS.md §5): the runs of one agent under
 * several configurations of a task, each against {@code original} on the same queries, per evidence language (or,
 * with {@code --axis}, along a setting the run files record); beside it the study's other tables ({@link XbcpStudy}):
 * the oracle decomposition, the citation errors and the resource groups.
 */
@Command(name = "compare", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Compare the runs of one agent under several configurations of a task (one run per configuration, "
                + "one of them original): per evidence language and overall, each configuration's accuracy and evidence "
                + "recall, the difference to original on the same queries with the paired sign-flip test, Holm-adjusted "
                + "over every difference shown, and one chart (--out: report.json, report.md, report.html).",
                "Runs of oracle settings (bench agent llm --oracle) add the oracle decomposition (retrieval gap, agent-side loss, "
                + "prompt-language effect, paired, with intervals); every run gets its citation errors (mapping failure or no gold "
                + "retrieved) and the task's resource groups (high − low with a cluster-bootstrap interval). --axis compares runs "
                + "along a recorded setting (e.g. reasoning_effort) instead."})
public class AgentCompareCommand implements Callable<Integer> {

    @Option(names = "--task", required = true, paramLabel = "DIR", description = "Agentic task directory.")
    Path task;

    @Option(names = "--run", required = true, paramLabel = "DIR",
            description = "A run directory (or trace .jsonl) under one configuration; repeat, one per configuration.")
    List<Path> runs;

    @Option(names = "--config", paramLabel = "NAME",
            description = "The configuration of each --run, in order (default: each run's metadata.configuration).")
    List<String> configs;

    @Option(names = "--judgements", paramLabel = "F",
            description = "Judgements (our JSONL or a directory of BrowseComp-Plus eval JSON), once for every run or once per "
                    + "--run in the same order (each run's own judge verdicts); else the exact-match rule.")
    List<Path> judgements;

    @Option(names = "--out", paramLabel = "DIR", description = "Write report.json, report.md and report.html.")
    Path out;

    @Option(names = "--axis", paramLabel = "KEY",
            description = "Compare along this run setting instead of the configuration: reasoning_effort, setting, or another "
                    + "setting the run files record (metadata), one run per value.")
    String axis;

    @Option(names = "--reference", paramLabel = "VALUE", description = "With --axis, the value the others are compared to (default: the first run's).")
    String reference;

    @Mixin
    StatsOptions statsOptions;

    @Mixin
    FollowSymlinksOption links;

    @Override
    public Integer call() {
        var stats = statsOptions.stats();
        if (configs != null && configs.size() != runs.size()) {
            throw new IllegalArgumentException("--config given " + configs.size() + " times for " + runs.size()
                    + " --run: give one per run, in the same order, or none");
        }
        Path target = null;
        if (out != null) {
            List<Path> read = new ArrayList<>(runs);
            read.add(task);
            if (judgements != null) {
                read.addAll(judgements);
            }
            target = links.check(out, read, FollowSymlinksOption.inside(out, ReportFiles.COMPARISON));
        }
        AgentTask t = AgentTaskReader.read(task);
        if (judgements != null && judgements.size() != 1 && judgements.size() != runs.size()) {
            throw new IllegalArgumentException("--judgements given " + judgements.size() + " times for " + runs.size()
                    + " --run: give it once (every run) or once per run, in the same order");
        }
        List<Map<String, Judgement>> judged = new ArrayList<>();
        if (judgements != null) {
            for (Path j : judgements) {
                judged.add(JudgementReader.read(j));
            }
        }
        List<AgentEvaluation.Input> inputs = new ArrayList<>();
        List<RunSettings> settings = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            Path p = runs.get(i);
            if (!Files.exists(p)) {
                throw new IllegalArgumentException("--run " + p + ": no such file or directory");
            }
            String name = p.getFileName().toString().replaceAll("\\.jsonl$", "");
            AgentRun run = Files.isDirectory(p) ? BcpRunReader.read(p, name, true) : TraceJsonl.read(p, name);
            String configuration = configs != null ? configs.get(i) : configurationOf(t, run);
            Map<String, Judgement> labels = judged.isEmpty() ? null : judged.get(judged.size() == 1 ? 0 : i);
            inputs.add(new AgentEvaluation.Input(AgentBenchmark.of(t, configuration, labels), run));
            settings.add(RunSettings.of(run));
        }
        if (reference != null && axis == null) {
            throw new IllegalArgumentException("--reference goes with --axis (across configurations the reference is original)");
        }
        AgentEvaluation evaluation = AgentEvaluation.evaluate(t.id(), inputs, ScoringMode.DEFAULT,
                t.corpus().stream().map(Document::id).collect(Collectors.toSet()), stats);
        XbcpStudy study = XbcpStudy.of(evaluation, inputs.stream().map(AgentEvaluation.Input::benchmark).toList(), settings, axis,
                reference, t.resourceGroups());
        System.out.print(XbcpStudyReport.console(study));
        System.out.flush();
        if (out != null) {
            ReportDirectory.write(XbcpStudyReport.render(study), target);
            System.err.println("wrote " + out.resolve(ReportFiles.HTML) + " (and " + ReportFiles.JSON + ", " + ReportFiles.MARKDOWN + ")");
        }
        return 0;
    }

    private static String configurationOf(AgentTask task, AgentRun run) {
        for (AgentTrace trace : run.traces()) {
            Object c = trace.metadata().get("configuration");
            if (c instanceof String s) {
                task.configuration(s); // an error naming the task's configurations when it has no such one
                return s;
            }
        }
        throw new IllegalArgumentException("run '" + run.name() + "': its files name no configuration (metadata.configuration);"
                + " give --config for every run, in order");
    }
}
