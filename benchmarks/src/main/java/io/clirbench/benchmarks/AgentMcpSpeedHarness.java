package io.clirbench.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clirbench.cli.agent.AgentRunClient;
import io.clirbench.cli.agent.McpSearchClient;
import io.clirbench.cli.gateway.GatewayToken;
import io.clirbench.cli.stack.LocalStack;
import io.clirbench.cli.stack.StackConfig;
import io.clirbench.cli.stack.StackState;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The agent search service under load (issue 17): C concurrent MCP clients (default 32), each its own session of the
 * MCP Java SDK's client on its own question, making N {@code search} calls each (default 100) on xquad-agentic's
 * multilingual configuration, for BM25 and for all-minilm-l6-v2/exact (query embedding included). Reports p50/p99
 * of the client-side latency, calls/s, and the share of the gateway's time per call spent publishing the AgentCall
 * event (waiting for the broker's acknowledgement). Baseline in the same run: the same load on the REST twin, so
 * the MCP layer's cost is the ratio. Also the gateway process's CPU time per call (all its threads, from the
 * process's accounting) and, where the gateway reports it, the time spent recording call indexes. Starts its own
 * local stack (packaged jars of {@code --home}, default the working directory) unless {@code --gateway URL}
 * ({@code --gateway-pid PID} then names its process for the CPU figures).
 *
 * <pre>java -cp cli/target/bench.jar:benchmarks/target/classes io.clirbench.benchmarks.AgentMcpSpeedHarness
 *     [--clients 32] [--calls 100] [--warmup 10] [--retrievers bm25,all-minilm-l6-v2/exact] [--home DIR]
 *     [--gateway URL [--gateway-pid PID]] [--token T (default: env CLIRBENCH_TOKEN)]</pre>
 */
public final class AgentMcpSpeedHarness {

    private static final ObjectMapper JSON = new ObjectMapper();

    private record Load(long[] latencyNanos, double wallSeconds, long serveMicros, long publishMicros, long storeMicros,
                        long gatewayCpuNanos) {
        long percentile(double p) {
            long[] sorted = latencyNanos.clone();
            Arrays.sort(sorted);
            return sorted[(int) Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
        }
    }

    private AgentMcpSpeedHarness() {
    }

    public static void main(String[] args) throws Exception {
        int clients = intArg(args, "--clients", 32);
        int calls = intArg(args, "--calls", 100);
        int warmup = intArg(args, "--warmup", 10);
        List<String> retrievers = List.of(arg(args, "--retrievers", "bm25,all-minilm-l6-v2/exact").split(","));
        String gateway = arg(args, "--gateway", null);
        String gatewayPid = arg(args, "--gateway-pid", null);
        Path home = Path.of(arg(args, "--home", ".")).toAbsolutePath().normalize();
        LocalStack stack = null;
        StackState state = null;
        Path stateDir = null;
        if (gateway == null) {
            List<String> models = retrievers.stream().filter(r -> r.contains("/")).map(r -> r.substring(0, r.indexOf('/'))).distinct().toList();
            StackConfig config = StackConfig.withFreePorts(home, Files.createTempDirectory("agent-speed-"), models);
            stateDir = config.stateDir();
            stack = new LocalStack(config, System.err);
            state = stack.up();
            gateway = config.gatewayUrl();
            gatewayPid = state.processes().stream().filter(e -> e.name().equals("gateway")).findFirst()
                    .map(e -> Long.toString(e.pid())).orElse(null);
        }
        ProcessHandle gatewayProcess = gatewayPid == null ? null : ProcessHandle.of(Long.parseLong(gatewayPid)).orElse(null);
        try {
            System.out.printf(Locale.ROOT, "machine: %d cores, load %s; %d clients x %d search calls (after %d warm-up calls each)%n",
                    Runtime.getRuntime().availableProcessors(), Files.readString(Path.of("/proc/loadavg")).strip(), clients, calls, warmup);
            // --token, else CLIRBENCH_TOKEN, else the runner token of the stack started here
            String token = GatewayToken.resolve(arg(args, "--token", null), System.getenv(), stateDir).orElse(null);
            for (String retriever : retrievers) {
                measure(new AgentRunClient(gateway, token), gatewayProcess, home.resolve("datasets/xquad-agentic"), retriever,
                        clients, calls, warmup);
            }
            System.out.printf(Locale.ROOT, "load at the end: %s%n", Files.readString(Path.of("/proc/loadavg")).strip());
        } finally {
            if (stack != null) {
                stack.stop(state);
            }
        }
    }

    private static void measure(AgentRunClient gateway, ProcessHandle gatewayProcess, Path task, String retriever,
                                int clients, int calls, int warmup) throws Exception {
        ObjectNode body = JSON.createObjectNode().put("task", task.toString()).put("configuration", "multilingual")
                .put("retriever", retriever).put("bootstrap", 0).put("agent", "speed-harness");
        String runId = gateway.open(body).path("id").asText();
        JsonNode questions = gateway.run(runId).path("questions");
        run(gateway, gatewayProcess, runId, questions, clients, warmup, true);
        run(gateway, gatewayProcess, runId, questions, clients, warmup, false);
        Load mcp = run(gateway, gatewayProcess, runId, questions, clients, calls, true);
        Load rest = run(gateway, gatewayProcess, runId, questions, clients, calls, false);
        gateway.close(runId);
        report(retriever, "MCP", mcp, clients * calls);
        report(retriever, "REST twin", rest, clients * calls);
        System.out.printf(Locale.ROOT, "%-24s MCP / REST: p50 %.2fx, p99 %.2fx, calls/s %.2fx%n", retriever,
                (double) mcp.percentile(0.5) / rest.percentile(0.5), (double) mcp.percentile(0.99) / rest.percentile(0.99),
                (clients * calls / mcp.wallSeconds()) / (clients * calls / rest.wallSeconds()));
    }

    private static void report(String retriever, String via, Load load, int total) {
        long handled = load.serveMicros() + load.publishMicros() + load.storeMicros();
        System.out.printf(Locale.ROOT, "%-24s %-9s p50 %6.1f ms  p99 %6.1f ms  %7.1f calls/s  gateway CPU %5.2f ms/call  "
                        + "publishing %4.1f%% of the gateway's time per call (%.2f ms of %.2f ms mean; recording the call "
                        + "index %.2f ms), %.1f%% of the client's mean latency%n",
                retriever, via, load.percentile(0.5) / 1e6, load.percentile(0.99) / 1e6, total / load.wallSeconds(),
                load.gatewayCpuNanos() < 0 ? Double.NaN : load.gatewayCpuNanos() / 1e6 / total,
                100.0 * load.publishMicros() / handled, load.publishMicros() / 1000.0 / total, handled / 1000.0 / total,
                load.storeMicros() / 1000.0 / total, 100.0 * load.publishMicros() * 1000 / Arrays.stream(load.latencyNanos()).sum());
    }

    /** The gateway process's CPU time so far (all threads), or -1 when it is not known (a gateway started elsewhere). */
    private static long cpuNanos(ProcessHandle gateway) {
        return gateway == null ? -1 : gateway.info().totalCpuDuration().map(java.time.Duration::toNanos).orElse(-1L);
    }

    /** C threads, each its own session (question) and client, N search calls each over the task's questions. */
    private static Load run(AgentRunClient gateway, ProcessHandle gatewayProcess, String runId, JsonNode questions,
                            int clients, int calls, boolean mcp) throws Exception {
        JsonNode before = gateway.run(runId);
        long cpuBefore = cpuNanos(gatewayProcess);
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        long[] latencies = new long[clients * calls];
        List<Future<?>> done = new ArrayList<>();
        HttpClient http = HttpClient.newHttpClient();
        long t0 = System.nanoTime();
        for (int c = 0; c < clients; c++) {
            int client = c;
            done.add(pool.submit(() -> {
                String queryId = questions.get(client % questions.size()).path("queryId").asText();
                try (McpSearchClient session = mcp ? McpSearchClient.connect(gateway.baseUrl(), runId, queryId, gateway.token()) : null) {
                    for (int i = 0; i < calls; i++) {
                        String query = questions.get((client * calls + i) % questions.size()).path("query").asText();
                        long s = System.nanoTime();
                        if (mcp) {
                            session.search(query);
                        } else {
                            restSearch(http, gateway, runId, queryId, query);
                        }
                        latencies[client * calls + i] = System.nanoTime() - s;
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : done) {
            f.get();
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        pool.shutdown();
        long cpuAfter = cpuNanos(gatewayProcess);
        JsonNode after = gateway.run(runId);
        return new Load(latencies, wall, after.path("serveMicros").asLong() - before.path("serveMicros").asLong(),
                after.path("publishMicros").asLong() - before.path("publishMicros").asLong(),
                after.path("storeMicros").asLong() - before.path("storeMicros").asLong(),
                cpuBefore < 0 || cpuAfter < 0 ? -1 : cpuAfter - cpuBefore);
    }

    private static void restSearch(HttpClient http, AgentRunClient gateway, String runId, String queryId, String query)
            throws Exception {
        String body = JSON.createObjectNode().put("queryId", queryId).put("query", query).toString();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(gateway.baseUrl() + "/api/agent-runs/" + runId + "/search"))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        if (gateway.token() != null) {
            request.header("Authorization", "Bearer " + gateway.token());
        }
        HttpResponse<String> r = http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        if (r.statusCode() != 200) {
            throw new IllegalStateException("REST search: " + r.statusCode() + " " + r.body());
        }
    }

    private static String arg(String[] args, String name, String fallback) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
    }

    private static int intArg(String[] args, String name, int fallback) {
        return Integer.parseInt(arg(args, name, Integer.toString(fallback)));
    }
}
