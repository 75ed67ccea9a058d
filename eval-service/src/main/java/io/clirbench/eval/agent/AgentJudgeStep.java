package io.clirbench.eval.agent;

import io.clirbench.core.agentic.judge.AnswerJudge;
import io.clirbench.core.agentic.judge.BcpEvalFiles;
import io.clirbench.core.agentic.judge.JudgeItem;
import io.clirbench.core.agentic.judge.JudgePrompt;
import io.clirbench.core.agentic.judge.JudgeRecord;
import io.clirbench.core.agentic.format.AgentJson;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.Judgement;
import io.clirbench.core.llm.Budget;
import io.clirbench.core.llm.BuildLlm;
import io.clirbench.core.llm.BuildProgress;
import io.clirbench.core.llm.CallJournal;
import io.clirbench.core.llm.Decoding;
import io.clirbench.core.llm.ModelsConfig;
import io.clirbench.openai.construct.OpenAiLlmPort;
import io.clirbench.proto.agent.v1.AgentRunOpened;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The judging step before an agent run's report (METRICS.md §5 "Answer judge"), for a run opened with a judge: every
 * answer judged as {@code bench agent judge} judges it (bench-core {@link AnswerJudge}, the run's prompt {@code xbcp}
 * or {@code bcp}, three replies at most, four at once) by the judge the operator configured
 * ({@value #MODELS_PROPERTY}: a models.json's {@code judge} role); the run names it by its model, so no request
 * can point the service at another endpoint. The replies are cached for the one evaluation only (a temporary call
 * journal): an evaluation that is claimed again asks again.
 */
@ApplicationScoped
public class AgentJudgeStep {

    /** The prefix of the judgement files among a run's files ({@code RUNSTEM_eval.json}, BrowseComp-Plus's layout). */
    public static final String JUDGEMENTS_DIR = "judgements/";

    /** The configuration property naming the judge's models.json. */
    public static final String MODELS_PROPERTY = "clirbench.agent-judge.models";

    private static final int CONCURRENCY = 4;
    private static final int MAX_ATTEMPTS = 3;

    private final Optional<Path> models;

    /**
     * {@value #MODELS_PROPERTY}: a models.json whose {@code judge} role gives the endpoint, model and API-key variable
     * (bench-core {@code ModelsConfig}) of the judge agent runs may name; absent, a run that names one fails its
     * evaluation saying so.
     */
    @Inject
    public AgentJudgeStep(@ConfigProperty(name = MODELS_PROPERTY) Optional<String> models) {
        this.models = models.filter(m -> !m.isBlank()).map(Path::of);
    }

    private AgentJudgeStep(Path models) {
        this.models = Optional.ofNullable(models);
    }

    /** With the models.json of the judge, or none ({@code null}). */
    public static AgentJudgeStep of(Path models) {
        return new AgentJudgeStep(models);
    }

    /**
     * The judgements of the run's answers, keyed by query id, and their files put into {@code files} under
     * {@link #JUDGEMENTS_DIR}; {@code null} when the run names no judge (the exact-match rule then labels the answers).
     */
    public Map<String, Judgement> judge(AgentRunOpened opened, AgentTask task, AgentRun run, Map<String, String> files)
            throws InterruptedException {
        if (opened.getJudge().isEmpty()) {
            return null;
        }
        ModelsConfig.Endpoint endpoint = endpoint(opened.getJudge());
        JudgePrompt prompt = JudgePrompt.of(opened.getJudgePrompt().isEmpty() ? "xbcp" : opened.getJudgePrompt());
        List<JudgeItem> items = BcpEvalFiles.items(run, task.queries(), Path.of("run"), true);
        Path journal;
        try {
            journal = Files.createTempFile("agent-judge-" + opened.getRunId().replaceAll("[^A-Za-z0-9-]", "_"), ".jsonl");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the judge's call journal: " + e.getMessage(), e);
        }
        try (BuildLlm llm = new BuildLlm(Map.of(AnswerJudge.ROLE, OpenAiLlmPort.of(endpoint, System.getenv(),
                OpenAiLlmPort.POLICY.withMaxConcurrency(CONCURRENCY))), CallJournal.open(journal), Budget.unlimited())) {
            List<JudgeRecord> records = new AnswerJudge(llm, prompt, new Decoding(0, 4096), MAX_ATTEMPTS)
                    .judgeAll(items, CONCURRENCY, r -> { }, BuildProgress.NONE);
            Map<String, Judgement> out = new LinkedHashMap<>();
            for (JudgeRecord r : records) {
                out.put(r.item().queryId(), r.judgement());
                files.put(JUDGEMENTS_DIR + r.item().evalFile(), AgentJson.pretty(BcpEvalFiles.record(r)));
            }
            return out;
        } finally {
            try {
                Files.deleteIfExists(journal);
            } catch (IOException e) {
                // a temporary file left behind: nothing depends on it
            }
        }
    }

    private ModelsConfig.Endpoint endpoint(String judge) {
        if (models.isEmpty()) {
            throw new IllegalArgumentException("the run names the judge '" + judge + "', but this eval-service has none "
                    + "configured (" + MODELS_PROPERTY + ")");
        }
        ModelsConfig.Endpoint e = ModelsConfig.read(models.get()).roles().get(AnswerJudge.ROLE);
        if (e == null || !e.model().equals(judge)) {
            throw new IllegalArgumentException("the run names the judge '" + judge + "', but the configured judge ("
                    + models.get() + ") is " + (e == null ? "absent (no 'judge' role)" : "'" + e.model() + "'"));
        }
        return e;
    }
}
