package io.clirbench.eval.agent;

import io.clirbench.core.agentic.eval.AgentBenchmark;
import io.clirbench.core.agentic.eval.AgentEvaluation;
import io.clirbench.core.agentic.eval.ScoringMode;
import io.clirbench.core.agentic.format.AgentTaskReader;
import io.clirbench.core.dataset.LinkFreeTree;
import io.clirbench.core.agentic.format.BcpRunReader;
import io.clirbench.core.agentic.format.BcpRunWriter;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.Judgement;
import io.clirbench.core.agentic.report.AgentReportBundle;
import io.clirbench.core.model.Document;
import io.clirbench.core.stats.Stats;
import io.clirbench.proto.agent.v1.AgentRunOpened;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

/**
 * The report of a closed agent run, computed exactly as {@code bench agent eval --task T --run DIR --bootstrap B
 * --seed S --date D} does: the run is rendered as a BrowseComp-Plus run directory in memory ({@link BcpRunWriter#render}),
 * read back from those files with {@link BcpRunReader} (strict), scored with {@link AgentEvaluation} in the default
 * mode against its configuration, and rendered by {@link AgentReportBundle}. The files returned are the report's
 * (same names as {@code --out}) and the run directory's, under {@code run/}. A run opened with a judge is judged first
 * ({@link AgentJudgeStep}, as {@code bench agent judge}; its judgements label the answers, as {@code --judgements}
 * does, and their files are returned under {@code judgements/}).
 */
@ApplicationScoped
public class AgentReportBuilder {

    /** Prefix of the run directory's files among a run's files. */
    public static final String RUN_DIR = "run/";

    private final Map<Path, AgentTask> tasks = new ConcurrentHashMap<>();
    private final AgentJudgeStep judges;

    /** Without a judge configured: a run that names one fails its evaluation saying so. */
    public AgentReportBuilder() {
        this(AgentJudgeStep.of(null));
    }

    /** With the judging step of runs that name a judge. */
    @jakarta.inject.Inject
    public AgentReportBuilder(AgentJudgeStep judges) {
        this.judges = judges;
    }

    public Map<String, String> build(AgentRunOpened opened, AgentRun run, long closedAtEpochMs) {
        AgentTask task = tasks.computeIfAbsent(Path.of(opened.getTaskLocation()), p -> AgentTaskReader.read(LinkFreeTree.check(p)));
        if (!task.id().equals(opened.getTaskId())) {
            throw new IllegalArgumentException("task at " + opened.getTaskLocation() + " is '" + task.id()
                    + "', the run was opened on '" + opened.getTaskId() + "'");
        }
        Map<String, String> runDir = BcpRunWriter.render(run);
        AgentRun read = BcpRunReader.read(runDir, run.name(), true);
        Map<String, String> judgementFiles = new LinkedHashMap<>();
        Map<String, Judgement> judged;
        try {
            judged = judges.judge(opened, task, read, judgementFiles);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while judging the answers of " + opened.getRunId(), e);
        }
        AgentEvaluation evaluation = AgentEvaluation.evaluate(task.id(),
                List.of(new AgentEvaluation.Input(AgentBenchmark.of(task, opened.getConfiguration(), judged), read)),
                ScoringMode.DEFAULT, task.corpus().stream().map(Document::id).collect(Collectors.toSet()),
                Stats.of(opened.getBootstrap(), opened.getSeed()));
        Map<String, String> out = new LinkedHashMap<>(AgentReportBundle.render(evaluation, date(closedAtEpochMs)));
        runDir.forEach((name, content) -> out.put(RUN_DIR + name, content));
        out.putAll(judgementFiles);
        return out;
    }

    /** The Evaluation Date of the summaries: the day the run closed, UTC. */
    public static String date(long epochMs) {
        return Instant.ofEpochMilli(epochMs).atZone(ZoneOffset.UTC).toLocalDate().toString();
    }
}
