package io.clirbench.gateway.peers;

import com.sun.net.httpserver.HttpServer;
import io.clirbench.core.testing.ChatCompletionsServer;
import io.grpc.Server;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Starts the gateway's peers on free local ports: two embedder endpoints of {@code test-model},
 * one index-service (real gRPC servers), and a minimal eval-service HTTP endpoint that reports
 * every run (retrieval runs and QA runs; agent runs once a test puts them in {@link #EVALUATED_AGENT_RUNS}) COMPLETED and
 * serves its report ({@code /report}), report.md, and for QA and agent runs report.html. More models, one embedder peer each unless said:
 * {@code retry-model} (a peer refusing every Embed with UNAVAILABLE, listed first, and a healthy
 * one), {@code solo-model} (healthy), {@code down-model} (two refusing peers), {@code slow-model}
 * (each Embed takes {@link FakeEmbedder#SLOW_MILLIS}). Two QA readers: {@code canned} and {@code failing} (see
 * {@link #readers}). Injects the Embed call counter of
 * {@code test-model} into {@code AtomicInteger} test fields and the per-peer counters (see
 * {@link #calls}, {@link #vectors}) into a {@code Map} field named {@code peerCounts} (JDK
 * types, shared across class loaders).
 */
public class PeersResource implements QuarkusTestResourceLifecycleManager {

    public static final String REPORT_MD = "# report of run ";
    /** The %test profile's service token, the only one the eval-service (and this stand-in) takes. */
    static final String SERVICE_TOKEN = "test-service-token";

    /** While true, the eval-service stand-in reports every run EVALUATING (never done): runs stay EVALUATING. */
    public static final java.util.concurrent.atomic.AtomicBoolean EVAL_HOLDS = new java.util.concurrent.atomic.AtomicBoolean();

    /**
     * A retrieval run's state at the eval-service stand-in when a test sets one (else COMPLETED, or EVALUATING while
     * {@link #EVAL_HOLDS}), with {@link #EVAL_MESSAGES}. {@code POST /api/runs/ID/reevaluate} answers as the eval-service
     * does: a FAILED or COMPLETED run goes to EVALUATING here (202, the run), stays there until a test sets another
     * state (its evaluation ends), and has no message; a run in another state is a 409 problem naming it.
     */
    public static final Map<String, String> EVAL_STATES = new ConcurrentHashMap<>();

    /** The report.json the stand-in serves for a retrieval run (run id → body) once a test puts one here; else 404. */
    public static final Map<String, String> REPORT_JSON = new ConcurrentHashMap<>();

    /** The message of a run in {@link #EVAL_STATES} (why its evaluation failed). */
    public static final Map<String, String> EVAL_MESSAGES = new ConcurrentHashMap<>();

    /** In {@code peerCounts}: the re-evaluation requests the eval-service stand-in received. */
    public static final String EVAL_REEVALUATIONS = "eval.reevaluations";

    /** The title of the report.html the stand-in serves for a QA run or an evaluated agent run, followed by the run id. */
    public static final String REPORT_HTML = "report page of run ";

    /**
     * Agent runs the eval-service stand-in reports evaluated (COMPLETED, with the files of {@link #agentFiles}); it has
     * never seen any other agent run (404), as when no eval-service consumed its events.
     */
    public static final Set<String> EVALUATED_AGENT_RUNS = ConcurrentHashMap.newKeySet();

    /** In {@code peerCounts}: set to 1, the eval-service peer closes every connection without an answer (it is "down"). */
    public static final String EVAL_DOWN = "eval.down";

    /** In {@code peerCounts}: the port of {@code late-model}'s endpoint, where nothing listens until a test starts a peer. */
    public static final String LATE_PORT = "late.port";

    /**
     * In {@code peerCounts}: set to N > 0, the index-service peer goes away as a killed process does (its server shut
     * down, every connection closed) for N ms, then comes back on the same port with the same collections (as the real
     * one restarts on its data directory); the peer sets it to {@link #INDEX_DOWN} while it is away and to -1 once it
     * is back.
     */
    public static final String INDEX_OUTAGE_MILLIS = "index.outage.millis";

    /** {@link #INDEX_OUTAGE_MILLIS} while the index peer is away. */
    public static final int INDEX_DOWN = -2;

    /** Key of the calls the index-service peer received (any method) in {@code peerCounts}. */
    public static final String INDEX_CALLS = "index.calls";

    /** What the reader stand-ins answer: the {@code canned} one this to every question. */
    public static final String READER_ANSWER = "canned reader answer";

    /** What the {@code failing} reader stand-in answers, with status 500, to every request: it must reach no client. */
    public static final String READER_ERROR_BODY = "{\"error\":{\"message\":\"leaked-reader-body-7f3a internal trace\"}}";

    /** Key of the requests a reader stand-in received ({@code canned}, {@code failing}) in {@code peerCounts}. */
    public static String readerRequests(String reader) {
        return "reader." + reader + ".requests";
    }

    private final AtomicInteger embedCalls = new AtomicInteger();
    private final AtomicInteger embedTexts = new AtomicInteger();
    private final Map<String, AtomicInteger> peerCounts = new ConcurrentHashMap<>();
    private final List<Server> servers = new ArrayList<>();
    private HttpServer eval;
    private Thread indexWatcher;
    private final List<ChatCompletionsServer> readers = new ArrayList<>();

    /** Key of the Embed calls a peer received in {@code peerCounts}; peers: retry-refusing, retry-healthy, solo, down-1, down-2, slow. */
    public static String calls(String peer) {
        return peer + ".calls";
    }

    /** Key of the vectors a peer returned in {@code peerCounts}. */
    public static String vectors(String peer) {
        return peer + ".vectors";
    }

    /** The files the stand-in keeps for an evaluated agent run: report files, the summary and one run file. */
    public static List<String> agentFiles(String runId) {
        return List.of("report.json", "report.html", "report.md", runId + "/evaluation_summary.json", "run/run_q 1.json");
    }

    /** The content of one of them (report.html and report.md as for every run). */
    public static String agentFile(String runId, String name) {
        return name.endsWith(".json") ? "{\"file\":\"" + name + "\",\"run\":\"" + runId + "\"}" : name + " of " + runId;
    }

    private String peer(String name, FakeEmbedder.Mode mode) throws IOException {
        AtomicInteger calls = peerCounts.computeIfAbsent(calls(name), k -> new AtomicInteger());
        AtomicInteger vectors = peerCounts.computeIfAbsent(vectors(name), k -> new AtomicInteger());
        Server s = SecuredPeers.onFreePort().addService(new FakeEmbedder(calls, vectors, mode)).build().start();
        servers.add(s);
        return "localhost:" + s.getPort();
    }

    @Override
    public Map<String, String> start() {
        try {
            Server e1 = SecuredPeers.onFreePort().addService(new FakeEmbedder(embedCalls, embedTexts)).build().start();
            Server e2 = SecuredPeers.onFreePort().addService(new FakeEmbedder(embedCalls, embedTexts)).build().start();
            AtomicInteger indexCalls = peerCounts.computeIfAbsent(INDEX_CALLS, k -> new AtomicInteger());
            io.grpc.ServerServiceDefinition indexService = io.grpc.ServerInterceptors.intercept(new FakeIndex(),
                    new io.grpc.ServerInterceptor() {
                        @Override
                        public <Q, A> io.grpc.ServerCall.Listener<Q> interceptCall(io.grpc.ServerCall<Q, A> call,
                                io.grpc.Metadata headers, io.grpc.ServerCallHandler<Q, A> next) {
                            indexCalls.incrementAndGet();
                            return next.startCall(call, headers);
                        }
                    });
            Server index = SecuredPeers.onFreePort().addService(indexService).build().start();
            servers.addAll(List.of(e1, e2));
            indexOutages(index, indexService, peerCounts.computeIfAbsent(INDEX_OUTAGE_MILLIS, k -> new AtomicInteger()));
            eval = HttpServer.create(new InetSocketAddress("localhost", 0), 0);
            AtomicInteger evalDown = peerCounts.computeIfAbsent(EVAL_DOWN, k -> new AtomicInteger());
            AtomicInteger reevaluations = peerCounts.computeIfAbsent(EVAL_REEVALUATIONS, k -> new AtomicInteger());
            int latePort;
            try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
                latePort = socket.getLocalPort();
            }
            peerCounts.computeIfAbsent(LATE_PORT, k -> new AtomicInteger()).set(latePort);
            com.sun.net.httpserver.HttpHandler evalRuns = exchange -> {
                if (evalDown.get() == 1) {
                    exchange.close(); // no status line: the client sees the connection end, as with a dead process
                    return;
                }
                // as the real eval-service: the service token or nothing (so these tests see that the gateway sends it)
                if (!("Bearer " + SERVICE_TOKEN).equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                    exchange.sendResponseHeaders(401, -1);
                    exchange.close();
                    return;
                }
                String path = exchange.getRequestURI().getPath();
                String[] parts = path.split("/");
                boolean agent = parts[2].equals("agent-runs");
                String runId = parts[3];
                if (exchange.getRequestMethod().equals("POST") && parts[2].equals("runs") && path.endsWith("/reevaluate")) {
                    reevaluations.incrementAndGet();
                    reevaluate(exchange, runId);
                    return;
                }
                String file = path.contains("/files/") ? path.substring(path.indexOf("/files/") + "/files/".length()) : null;
                String body = null;
                String type = "application/json";
                if (agent && !EVALUATED_AGENT_RUNS.contains(runId)) {
                    type = null; // an agent run this stand-in was not told about: never seen (404)
                } else if (parts.length == 4) {
                    body = "{\"id\":\"" + runId + "\",\"state\":\"" + evalState(runId) + "\""
                            + (EVAL_MESSAGES.containsKey(runId) ? ",\"message\":\"" + EVAL_MESSAGES.get(runId) + "\"" : "")
                            + (agent ? ",\"calls\":0,\"answers\":0,\"files\":[\"" + String.join("\",\"", agentFiles(runId)) + "\"]" : "")
                            + "}";
                } else if (path.endsWith("/report")) {
                    body = "{\"runId\":\"" + runId + "\",\"stored\":true}";
                } else if (parts[2].equals("runs") && "report.json".equals(file) && REPORT_JSON.containsKey(runId)) {
                    body = REPORT_JSON.get(runId);
                } else if ("report.md".equals(file)) {
                    body = REPORT_MD + runId;
                    type = "text/markdown";
                } else if ("report.html".equals(file) && !parts[2].equals("runs")) {
                    body = "<!DOCTYPE html><html><head><title>report</title></head><body><main><h1>" + REPORT_HTML + runId
                            + "</h1></main></body></html>";
                    type = "text/html";
                } else if (agent && agentFiles(runId).contains(file)) {
                    body = agentFile(runId, file);
                    type = file.endsWith(".json") ? "application/json" : "text/plain";
                }
                if (body == null) {
                    body = "{\"title\":\"Not Found\",\"status\":404}";
                    exchange.getResponseHeaders().add("Content-Type", "application/problem+json");
                    exchange.sendResponseHeaders(404, -1);
                    exchange.close();
                    return;
                }
                byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", type);
                exchange.sendResponseHeaders(200, bytes.length);
                exchange.getResponseBody().write(bytes);
                exchange.close();
            };
            eval.createContext("/api/runs/", evalRuns);
            eval.createContext("/api/qa-runs/", evalRuns);
            eval.createContext("/api/agent-runs/", evalRuns);
            eval.createContext("/q/health/ready", exchange -> {
                if (evalDown.get() == 1) {
                    exchange.close();
                    return;
                }
                exchange.sendResponseHeaders(200, -1);
                exchange.close();
            });
            eval.start();
            Map<String, String> config = new java.util.HashMap<>(readers());
            config.putAll(Map.of(
                    "gateway.encoders.\"test-model\".endpoints", "localhost:" + e1.getPort() + ",localhost:" + e2.getPort(),
                    "gateway.encoders.\"retry-model\".endpoints", peer("retry-refusing", FakeEmbedder.Mode.UNAVAILABLE)
                            + "," + peer("retry-healthy", FakeEmbedder.Mode.HEALTHY),
                    "gateway.encoders.\"solo-model\".endpoints", peer("solo", FakeEmbedder.Mode.HEALTHY),
                    "gateway.encoders.\"down-model\".endpoints", peer("down-1", FakeEmbedder.Mode.UNAVAILABLE)
                            + "," + peer("down-2", FakeEmbedder.Mode.UNAVAILABLE),
                    "gateway.encoders.\"slow-model\".endpoints", peer("slow", FakeEmbedder.Mode.SLOW),
                    "gateway.encoders.\"late-model\".endpoints", "localhost:" + latePort,
                    "gateway.index.target", "localhost:" + index.getPort(),
                    "gateway.eval.url", "http://localhost:" + eval.getAddress().getPort()));
            return config;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Watches {@link #INDEX_OUTAGE_MILLIS}: shuts the index peer down for that long, then serves again on its port. */
    private void indexOutages(Server first, io.grpc.ServerServiceDefinition service, AtomicInteger outage) {
        int port = first.getPort();
        Thread watcher = new Thread(() -> {
            Server current = first;
            try {
                while (true) {
                    int millis = outage.get();
                    if (millis > 0) {
                        current.shutdownNow().awaitTermination(5, java.util.concurrent.TimeUnit.SECONDS);
                        outage.set(INDEX_DOWN);
                        Thread.sleep(millis);
                        current = SecuredPeers.onPort(port).addService(service).build().start();
                        outage.set(-1);
                    }
                    Thread.sleep(20);
                }
            } catch (InterruptedException e) {
                current.shutdownNow();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }, "index-peer-outages");
        watcher.setDaemon(true);
        watcher.start();
        indexWatcher = watcher;
    }

    private static String evalState(String runId) {
        return EVAL_STATES.getOrDefault(runId, EVAL_HOLDS.get() ? "EVALUATING" : "COMPLETED");
    }

    /** The eval-service's {@code POST /api/runs/ID/reevaluate} (its ReevaluationResource), on the states above. */
    private static void reevaluate(com.sun.net.httpserver.HttpExchange exchange, String runId) throws IOException {
        String state = evalState(runId);
        int status;
        String body;
        if (state.equals("COMPLETED") || state.equals("FAILED")) {
            EVAL_STATES.put(runId, "EVALUATING");
            EVAL_MESSAGES.remove(runId);
            status = 202;
            body = "{\"runId\":\"" + runId + "\",\"state\":\"EVALUATING\"}";
            exchange.getResponseHeaders().add("Content-Type", "application/json");
        } else {
            status = 409;
            body = "{\"title\":\"Conflict\",\"status\":409,\"detail\":\"run '" + runId + "' cannot be evaluated again: it is "
                    + state + "; only a FAILED or COMPLETED run can be\"}";
            exchange.getResponseHeaders().add("Content-Type", "application/problem+json");
        }
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    /**
     * Two OpenAI-compatible reader stand-ins, counting their requests: {@code canned} (the reader named
     * {@code configured} too, through the {@code qa.reader.*} properties kept for it) answers {@link #READER_ANSWER};
     * {@code failing} answers 500 with {@link #READER_ERROR_BODY}. Retries wait 10 ms, not 500.
     */
    private Map<String, String> readers() throws IOException {
        AtomicInteger canned = peerCounts.computeIfAbsent(readerRequests("canned"), k -> new AtomicInteger());
        AtomicInteger failing = peerCounts.computeIfAbsent(readerRequests("failing"), k -> new AtomicInteger());
        ChatCompletionsServer ok = ChatCompletionsServer.start((n, request) -> {
            canned.incrementAndGet();
            return ChatCompletionsServer.Reply.ok(READER_ANSWER, 10, 3);
        });
        ChatCompletionsServer bad = ChatCompletionsServer.start((n, request) -> {
            failing.incrementAndGet();
            return new ChatCompletionsServer.Reply(500, READER_ERROR_BODY, null, 0);
        });
        readers.add(ok);
        readers.add(bad);
        return Map.of("qa.reader.base-url", ok.baseUrl().toString(), "qa.reader.backoff", "10ms",
                "qa.readers.canned.base-url", ok.baseUrl().toString(), "qa.readers.canned.model", "canned-model",
                "qa.readers.failing.base-url", bad.baseUrl().toString());
    }

    @Override
    public void inject(TestInjector injector) {
        injector.injectIntoFields(embedCalls, new TestInjector.MatchesType(AtomicInteger.class));
        injector.injectIntoFields(peerCounts, f -> f.getName().equals("peerCounts"));
    }

    @Override
    public void stop() {
        servers.forEach(Server::shutdownNow);
        if (indexWatcher != null) {
            indexWatcher.interrupt();   // shuts the index peer down
        }
        if (eval != null) {
            eval.stop(0);
        }
        readers.forEach(ChatCompletionsServer::close);
    }
}
