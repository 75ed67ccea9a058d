package io.clirbench.cli.agent;

import io.clirbench.cli.FollowSymlinksOption;
import io.clirbench.cli.StatsOptions;
import io.clirbench.core.agentic.eval.AgentBenchmark;
import io.clirbench.core.agentic.eval.AgentEvaluation;
import io.clirbench.core.agentic.eval.ScoringMode;
import io.clirbench.core.agentic.format.AgentTaskReader;
import io.clirbench.core.agentic.format.BcpQrelsReader;
import io.clirbench.core.agentic.format.BcpRunReader;
import io.clirbench.core.agentic.format.GroundTruthReader;
import io.clirbench.core.agentic.format.JudgementReader;
import io.clirbench.core.agentic.format.TraceJsonl;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.AgentTrace;
import io.clirbench.core.agentic.model.Judgement;
import io.clirbench.core.agentic.report.AgentReportBundle;
import io.clirbench.core.agentic.report.AgentReportText;
import io.clirbench.core.model.Document;
import io.clirbench.core.report.ReportDirectory;
import io.clirbench.core.report.ReportFiles;
import io.clirbench.core.stats.Stats;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code bench agent eval}: scores agent runs (BrowseComp-Plus run directories or trace JSONL) as METRICS.md §5 defines. */
@Command(name = "eval", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Score agent runs (BrowseComp-Plus run directories, or our trace .jsonl) on an agentic task, or "
                + "corpus-less on BrowseComp-Plus qrels and ground truth: accuracy, evidence and gold recall, search calls, "
                + "citations and calibration, per evidence language, with 95%% intervals and paired sign-flip tests.",
                "With --compat bcp the numbers equal BrowseComp-Plus's evaluate_run.py."})
public class AgentEvalCommand implements Callable<Integer> {

    @ArgGroup(exclusive = true, multiplicity = "1")
    Source source;

    static class Source {
        @ArgGroup(exclusive = false)
        TaskSource task;

        @ArgGroup(exclusive = false)
        QrelsSource qrels;
    }

    static class TaskSource {
        @Option(names = "--task", required = true, paramLabel = "DIR", description = "Agentic task directory.")
        Path dir;

        @Option(names = "--config", paramLabel = "NAME",
                description = "Configuration of every run (default: each run's metadata.configuration, else original).")
        String config;
    }

    static class QrelsSource {
        @Option(names = "--evidence", required = true, paramLabel = "QRELS", description = "BrowseComp-Plus evidence qrels (qid Q0 docid rel).")
        Path evidence;

        @Option(names = "--gold", paramLabel = "QRELS", description = "BrowseComp-Plus gold qrels.")
        Path gold;

        @Option(names = "--ground-truth", required = true, paramLabel = "FILE", description = "Ground truth JSONL (query_id, query, answer).")
        Path groundTruth;
    }

    @Option(names = "--run", required = true, paramLabel = "DIR", description = "A run directory (or trace .jsonl); repeat for several runs.")
    List<Path> runs;

    @Option(names = "--judgements", paramLabel = "F",
            description = "Judgements: our JSONL (query_id, correct, confidence) or a directory of BrowseComp-Plus eval JSON. "
                    + "Without it the exact-match rule labels answers.")
    Path judgements;

    @Option(names = "--compat", paramLabel = "bcp|xbcp", description = "bcp: score exactly as BrowseComp-Plus's evaluate_run.py; "
            + "xbcp: the same, with XBCP's per-language calibration (scripts_xbcp/16_eval_per_language.py) in the "
            + "per-evidence-language table (needs --task).")
    String compat;

    @Option(names = "--lenient", description = "Skip (count and list) run files that are not valid JSON or lack a field, instead of failing.")
    boolean lenient;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Write report.json, report.md, report.html, summary.csv, languages.csv, queries.csv and RUN/evaluation_summary.json.")
    Path out;

    @Mixin
    StatsOptions statsOptions;

    @Mixin
    FollowSymlinksOption links;

    @Option(names = "--date", paramLabel = "YYYY-MM-DD", description = "Evaluation Date of the BrowseComp-Plus summaries (default: today, UTC).")
    String date;

    @Override
    public Integer call() {
        if (compat != null && !compat.equals("bcp") && !compat.equals("xbcp")) {
            throw new IllegalArgumentException("--compat '" + compat + "' is unknown; use bcp (BrowseComp-Plus) or xbcp"
                    + " (BrowseComp-Plus with XBCP's per-language calibration)");
        }
        boolean xbcp = "xbcp".equals(compat);
        if (xbcp && source.task == null) {
            throw new IllegalArgumentException("--compat xbcp is XBCP's per-evidence-language table and needs --task (evidence"
                    + " languages come from the task's configurations)");
        }
        Stats stats = statsOptions.stats();
        Path target = out == null ? null : checkOut();
        ScoringMode mode = compat == null ? ScoringMode.DEFAULT : ScoringMode.BCP;
        Map<String, Judgement> judged = judgements == null ? null : JudgementReader.read(judgements);
        List<AgentRun> agentRuns = readRuns(mode == ScoringMode.BCP);
        List<AgentEvaluation.Input> inputs = new ArrayList<>();
        Set<String> corpusIds = null;
        String taskId = null;
        if (source.task != null) {
            AgentTask task = AgentTaskReader.read(source.task.dir);
            taskId = task.id();
            corpusIds = task.corpus().stream().map(Document::id).collect(Collectors.toSet());
            for (AgentRun run : agentRuns) {
                inputs.add(new AgentEvaluation.Input(AgentBenchmark.of(task, configurationOf(task, run), judged), run));
            }
        } else {
            AgentBenchmark b = AgentBenchmark.corpusLess(GroundTruthReader.read(source.qrels.groundTruth),
                    BcpQrelsReader.read(source.qrels.evidence),
                    source.qrels.gold == null ? null : BcpQrelsReader.read(source.qrels.gold), judged);
            agentRuns.forEach(r -> inputs.add(new AgentEvaluation.Input(b, r)));
        }
        AgentEvaluation evaluation = AgentEvaluation.evaluate(taskId, inputs, mode, corpusIds, stats, xbcp);
        System.out.print(AgentReportText.console(evaluation));
        System.out.flush();
        if (out != null) {
            String day = date != null ? date : LocalDate.now(ZoneOffset.UTC).toString();
            ReportDirectory.write(AgentReportBundle.render(evaluation, day), target);
            System.err.println("wrote " + out.resolve(ReportFiles.HTML) + " (and " + ReportFiles.JSON + ", " + ReportFiles.MARKDOWN
                    + ", CSV, " + ReportFiles.EVALUATION_SUMMARY + ")");
        }
        return 0;
    }

    /** The report directory refused (nothing read, nothing written) when it is an input or a link: see the option. */
    private Path checkOut() {
        List<String> written = new ArrayList<>(ReportFiles.AGENT);
        runNames().forEach(name -> written.add(ReportFiles.evaluationSummary(name)));
        List<Path> read = new ArrayList<>(runs);
        read.addAll(Arrays.asList(judgements, source.task != null ? source.task.dir : null));
        if (source.qrels != null) {
            read.addAll(Arrays.asList(source.qrels.evidence, source.qrels.gold, source.qrels.groundTruth));
        }
        return links.check(out, read, FollowSymlinksOption.inside(out, written));
    }

    /** Each run's name (its file or directory name, {@code -2}, {@code -3} ... after a name taken), in order. */
    private List<String> runNames() {
        List<String> names = new ArrayList<>();
        Set<String> taken = new HashSet<>();
        for (Path p : runs) {
            String base = p.getFileName().toString().replaceAll("\\.jsonl$", "");
            String name = base;
            for (int i = 2; !taken.add(name); i++) {
                name = base + "-" + i;
            }
            names.add(name);
        }
        return names;
    }

    private List<AgentRun> readRuns(boolean bcpInputRules) {
        List<AgentRun> out = new ArrayList<>();
        List<String> names = runNames();
        for (int r = 0; r < runs.size(); r++) {
            Path p = runs.get(r);
            String name = names.get(r);
            if (!Files.exists(p)) {
                throw new IllegalArgumentException("--run " + p + ": no such file or directory");
            }
            out.add(Files.isDirectory(p) ? BcpRunReader.read(p, name, !lenient, bcpInputRules) : TraceJsonl.read(p, name));
        }
        return out;
    }

    private String configurationOf(AgentTask task, AgentRun run) {
        if (source.task.config != null) {
            task.configuration(source.task.config);
            return source.task.config;
        }
        for (AgentTrace t : run.traces()) {
            Object c = t.metadata().get("configuration");
            if (c instanceof String s && task.configurations().containsKey(s)) {
                return s;
            }
        }
        if (task.configurations().containsKey("original")) {
            return "original";
        }
        throw new IllegalArgumentException("run '" + run.name() + "': give --config (its files name no configuration of task '"
                + task.id() + "', which has " + task.configurations().keySet() + ")");
    }
}
