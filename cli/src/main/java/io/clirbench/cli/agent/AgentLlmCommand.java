package io.clirbench.cli.agent;

import com.fasterxml.jackson.databind.JsonNode;
import io.clirbench.cli.FollowSymlinksOption;
import io.clirbench.core.agentic.configure.OraclePrompt;
import io.clirbench.core.agentic.configure.OracleSettings;
import io.clirbench.core.agentic.configure.OracleVariant;
import io.clirbench.core.agentic.format.AgentTaskReader;
import io.clirbench.core.agentic.format.BcpRunWriter;
import io.clirbench.core.agentic.format.OracleFiles;
import io.clirbench.core.agentic.model.AgentRun;
import io.clirbench.core.agentic.model.AgentTask;
import io.clirbench.core.agentic.model.AgentTrace;
import io.clirbench.core.agentic.model.GroundTruth;
import io.clirbench.core.agentic.model.ToolCall;
import io.clirbench.openai.ChatCompletionsClient;
import io.clirbench.openai.ChatEndpoint;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code bench agent llm}: an LLM agent over an OpenAI-compatible chat-completions endpoint with function calling.
 * With {@code --run ID} it plays a gateway agent run (searching through the run's MCP server; answers posted, the run
 * closed at the end); with {@code --task DIR --config NAME --out DIR} it runs on this machine over the configuration's
 * corpus ({@link LocalSearchTools}, BM25) and writes a BrowseComp-Plus run directory, or, with {@code --oracle VARIANT},
 * one oracle setting (the evidence documents in the prompt, {@link OraclePrompt}, no tools). The reasoning effort and
 * every {@code --agent-setting} are sent or recorded in the run files' metadata. No model runs on our machines: this
 * has been checked against a local server speaking the protocol only (LlmAgentTest, XbcpStudyCommandTest, and the
 * openai-client module's ChatCompletionsContractTest), and against a real endpoint when OPENAI_BASE_URL is set.
 */
@Command(name = "llm", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run an LLM agent (OpenAI-compatible chat completions with function calling) on every question of "
                + "a gateway agent run (--run), searching over MCP, posting its answers and closing the run; or on this machine "
                + "(--task, --config, --out) over the configuration's corpus with BM25, writing a BrowseComp-Plus run directory; "
                + "--oracle runs an oracle setting instead (the evidence documents in the prompt, no search tool)."})
public class AgentLlmCommand implements Callable<Integer> {

    @Mixin
    AgentRunTarget target;

    @Option(names = "--task", paramLabel = "DIR", description = "Run on this machine over this agentic task (with --config and --out).")
    Path task;

    @Option(names = "--config", paramLabel = "NAME", description = "The task's corpus configuration (with --task).")
    String config;

    @Option(names = "--out", paramLabel = "DIR", description = "Run directory to write (run_<query id>.json), with --task.")
    Path out;

    @Option(names = "--oracle", paramLabel = "VARIANT",
            description = "An oracle setting of the configuration (with --task): oracle, en-oracle or oracle-tq-tp, as written by "
                    + "bench agent configure --oracle.")
    String oracle;

    @Option(names = "--k", defaultValue = "5", paramLabel = "K", description = "Results per search call, with --task (default: ${DEFAULT-VALUE}).")
    int k;

    @Option(names = "--snippet-tokens", defaultValue = "512", paramLabel = "N",
            description = "Snippet length of a search result in tokens, with --task (default: ${DEFAULT-VALUE}).")
    int snippetTokens;

    @Option(names = "--base-url", required = true, paramLabel = "URL", description = "Chat-completions base URL, e.g. http://localhost:8000/v1.")
    String baseUrl;

    @Option(names = "--model", required = true, paramLabel = "M", description = "Model name sent to the endpoint.")
    String model;

    @Option(names = "--api-key", paramLabel = "KEY", defaultValue = "${env:OPENAI_API_KEY}", description = "API key (default: $OPENAI_API_KEY).")
    String apiKey;

    @Option(names = "--reasoning-effort", paramLabel = "E",
            description = "reasoning_effort sent with every completion (reasoning models: low, medium, high); recorded in the run files.")
    String reasoningEffort;

    @Option(names = "--agent-setting", paramLabel = "KEY=VALUE",
            description = "Another agent setting to record in the run files' metadata (repeatable), a comparison axis of bench agent compare.")
    Map<String, String> agentSettings = new LinkedHashMap<>();

    @Option(names = "--max-turns", defaultValue = "20", paramLabel = "N", description = "Completions per question (default: ${DEFAULT-VALUE}).")
    int maxTurns;

    @Option(names = "--max-tokens", defaultValue = "200000", paramLabel = "N", description = "Total tokens per question (default: ${DEFAULT-VALUE}).")
    int maxTokens;

    @Option(names = "--max-completion-tokens", defaultValue = "4096", paramLabel = "N", description = "max_tokens of one completion (default: ${DEFAULT-VALUE}).")
    int maxCompletionTokens;

    @Option(names = "--attempts", defaultValue = "4", paramLabel = "N", description = "Tries of one completion on 429/5xx/IO errors (default: ${DEFAULT-VALUE}).")
    int attempts;

    @Mixin
    FollowSymlinksOption links;

    @Override
    public Integer call() throws Exception {
        if (maxTurns < 1 || maxTokens < 1) {
            throw new IllegalArgumentException("--max-turns and --max-tokens must be at least 1");
        }
        if (reasoningEffort != null && !reasoningEffort.matches("[a-z][a-z0-9_-]{0,31}")) {
            throw new IllegalArgumentException("--reasoning-effort '" + reasoningEffort + "' must be a word such as low, medium or high");
        }
        for (String key : agentSettings.keySet()) {
            if (!key.matches("[a-z][a-z0-9_]{0,63}") || RESERVED.contains(key)) {
                throw new IllegalArgumentException("--agent-setting '" + key + "': a key is lower-case letters, digits and '_', and not one"
                        + " of " + RESERVED);
            }
        }
        LlmAgent agent = new LlmAgent(new ChatCompletionsClient(ChatEndpoint.named(baseUrl, model, apiKey), LlmAgent.policy(attempts)),
                new LlmAgent.Limits(maxTurns, maxTokens, maxCompletionTokens), reasoningEffort);
        boolean local = task != null || config != null || out != null || oracle != null;
        if (local == target.given()) {
            throw new IllegalArgumentException("give either --run ID (a gateway agent run) or --task DIR --config NAME --out DIR"
                    + " (on this machine)");
        }
        if (local) {
            return runLocally(agent);
        }
        AgentRunClient client = target.client();
        String run = target.run();
        int answered = 0;
        for (JsonNode q : client.run(run).path("questions")) {
            String queryId = q.path("queryId").asText();
            try (McpSearchClient mcp = McpSearchClient.connect(client.baseUrl(), run, queryId, client.token())) {
                LlmAgent.Outcome outcome = agent.answer(q.path("query").asText(), mcp);
                log(queryId, outcome);
                if (outcome.answer() != null && !outcome.answer().isBlank()) {
                    client.answer(run, queryId, outcome.answer(), null);
                    answered++;
                }
            }
        }
        target.finish(client, answered);
        return 0;
    }

    /** Metadata keys the command writes itself. */
    private static final List<String> RESERVED = List.of("model", "agent", "task", "configuration", "setting", "retriever", "k",
            "snippet_tokens", "reasoning_effort", "ended", "turns");

    private int runLocally(LlmAgent agent) throws InterruptedException {
        if (task == null || config == null || out == null) {
            throw new IllegalArgumentException("--task, --config and --out go together (a run on this machine)");
        }
        if (k < 1 || snippetTokens < 1) {
            throw new IllegalArgumentException("--k and --snippet-tokens must be at least 1");
        }
        OracleVariant variant = oracle == null ? null : OracleVariant.of(oracle);
        Path dir = links.check(out, List.of(task), List.of());
        AgentTask t = AgentTaskReader.read(task);
        t.configuration(config); // an error naming the task's configurations when it has no such one
        List<AgentTrace> traces = variant == null ? search(t, agent) : oracle(t, variant, agent);
        AgentRun run = new AgentRun(out.getFileName().toString(), model, traces, List.of());
        links.check(out, List.of(task), FollowSymlinksOption.inside(out, BcpRunWriter.fileNames(run)));
        BcpRunWriter.write(run, dir);
        long answered = traces.stream().filter(AgentTrace::answered).count();
        System.err.println("answered " + answered + " of " + traces.size() + " questions; wrote " + traces.size() + " run files to " + out);
        return 0;
    }

    private List<AgentTrace> search(AgentTask t, LlmAgent agent) throws InterruptedException {
        List<AgentTrace> traces = new ArrayList<>();
        try (LocalSearchTools tools = new LocalSearchTools(t, config, k, snippetTokens)) {
            for (GroundTruth q : t.queries()) {
                LocalSearchTools.Session session = tools.session(q.lang());
                LlmAgent.Outcome outcome = agent.answer(q.query(), session);
                log(q.queryId(), outcome);
                Map<String, Object> metadata = metadata(t, OracleVariant.SEARCH, outcome);
                metadata.put("retriever", "bm25 (lexical module: Lucene BM25, per-language analyzers)");
                metadata.put("k", k);
                metadata.put("snippet_tokens", snippetTokens);
                traces.add(trace(q.queryId(), session.calls(), outcome, metadata));
            }
        }
        return traces;
    }

    private List<AgentTrace> oracle(AgentTask t, OracleVariant variant, LlmAgent agent) throws InterruptedException {
        OracleSettings.Variant settings = OracleFiles.read(task, config, variant);
        List<AgentTrace> traces = new ArrayList<>();
        for (OracleSettings.Query q : settings.queries()) {
            String prompt = OraclePrompt.render(q.instructions(), q.query(), OracleSettings.documents(t, q));
            LlmAgent.Outcome outcome = agent.answerFromPrompt(prompt);
            log(q.queryId(), outcome);
            Map<String, Object> metadata = metadata(t, variant.id(), outcome);
            metadata.put("oracle_documents", q.docids());
            metadata.put("oracle_language", q.language());
            metadata.put("oracle_provenance", q.provenance());
            traces.add(trace(q.queryId(), List.of(), outcome, metadata));
        }
        if (!settings.skipped().isEmpty()) {
            System.err.println(settings.skipped().size() + " questions are not in this oracle setting: " + settings.skipped());
        }
        return traces;
    }

    private Map<String, Object> metadata(AgentTask t, String setting, LlmAgent.Outcome outcome) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("model", model);
        m.put("agent", "bench agent llm");
        m.put("task", t.id());
        m.put("configuration", config);
        m.put("setting", setting);
        if (reasoningEffort != null) {
            m.put("reasoning_effort", reasoningEffort);
        }
        m.putAll(agentSettings);
        m.put("ended", outcome.ended());
        m.put("turns", outcome.turns());
        return m;
    }

    private static AgentTrace trace(String queryId, List<ToolCall> calls, LlmAgent.Outcome outcome, Map<String, Object> metadata) {
        boolean answered = outcome.answer() != null && !outcome.answer().isBlank();
        return new AgentTrace(queryId, answered ? AgentTrace.COMPLETED : "incomplete", AgentTrace.countCalls(calls), List.of(), calls,
                answered ? outcome.answer() : "", null, metadata, Map.of("total_tokens", outcome.tokens()));
    }

    private static void log(String queryId, LlmAgent.Outcome outcome) {
        System.err.printf(Locale.ROOT, "%s: %s after %d turns, %d tool calls, %d tokens%n", queryId, outcome.ended(),
                outcome.turns(), outcome.calls(), outcome.tokens());
    }
}
