package io.clirbench.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clirbench.cli.BenchCommand;
import io.clirbench.cli.agent.AgentRunClient;
import io.clirbench.cli.gateway.GatewayClient;
import io.clirbench.cli.gateway.GatewayToken;
import io.clirbench.cli.stack.LocalStack;
import io.clirbench.cli.stack.StackConfig;
import io.clirbench.cli.stack.StackState;
import io.clirbench.core.testing.HeadlessChromium;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * What the end-to-end tests share: the local stack of one test class (started in a temporary state directory,
 * stopped at the end, one service killed and restarted on demand), its tokens, the clients of the gateway with the
 * runner token, GET calls to the eval-service with the service token, polling until something holds,
 * {@code bench ...} run in-process with its standard output captured, and pages in headless Chromium after the
 * sign-in page has set the cookie.
 *
 * <p>Tokens: {@code bench up} writes them to {@code <state-dir>/secrets.env} and hands them to every process; where
 * that file is absent the stack's processes inherit this JVM's {@code CLIRBENCH_*_TOKEN} variables (the e2e pom sets
 * them), and the same values are read here.
 */
final class E2eStack {

    static final ObjectMapper JSON = new ObjectMapper();
    static final String SERVICE_KEY = "CLIRBENCH_SERVICE_TOKEN";
    static final String READER_KEY = "CLIRBENCH_READER_TOKEN";

    private final StackConfig config;
    private final LocalStack stack;
    private final HttpClient http = HttpClient.newHttpClient();
    private StackState state;

    private E2eStack(StackConfig config) {
        this.config = config;
        this.stack = new LocalStack(config, System.err);
    }

    /** Starts the stack with {@code models}' embedders, free ports and its state under {@code stateDir}. */
    static E2eStack up(Path stateDir, List<String> models) {
        return up(stateDir, models, c -> c);
    }

    /** As {@link #up(Path, List)}, the free-port configuration changed by {@code adjust} first (replicas, properties). */
    static E2eStack up(Path stateDir, List<String> models, java.util.function.UnaryOperator<StackConfig> adjust) {
        Path home = Path.of(System.getProperty("project.root", "..")).toAbsolutePath().normalize();
        E2eStack e2e = new E2eStack(adjust.apply(StackConfig.withFreePorts(home, stateDir, models)));
        e2e.state = e2e.stack.up();
        return e2e;
    }

    /** The same with the extras of {@code scale} (PostgreSQL, eval replicas, partitions); extra eval ports are free ones. */
    static E2eStack up(Path stateDir, List<String> models, io.clirbench.cli.stack.StackScale scale) {
        Path home = Path.of(System.getProperty("project.root", "..")).toAbsolutePath().normalize();
        E2eStack e2e = new E2eStack(StackConfig.withFreePorts(home, stateDir, models).withScale(scale));
        e2e.state = e2e.stack.up();
        return e2e;
    }

    /** As {@link #up(Path, List, io.clirbench.cli.stack.StackScale)}, the configuration changed by {@code adjust} first. */
    static E2eStack up(Path stateDir, List<String> models, io.clirbench.cli.stack.StackScale scale,
                       java.util.function.UnaryOperator<StackConfig> adjust) {
        Path home = Path.of(System.getProperty("project.root", "..")).toAbsolutePath().normalize();
        E2eStack e2e = new E2eStack(adjust.apply(StackConfig.withFreePorts(home, stateDir, models).withScale(scale)));
        e2e.state = e2e.stack.up();
        return e2e;
    }

    /**
     * Starts another replica of the gateway beside the stack's (which must share a database: PostgreSQL): the stack's
     * gateway command line and credentials, another free port, its log {@code logs/gateway-N.log}; waits until it is
     * ready and returns it (the caller ends it: it is not in stack.json).
     */
    Process startGatewayReplica(int port, int replica) throws Exception {
        StackState.Entry gw = state.processes().stream().filter(e -> e.name().equals("gateway")).findFirst().orElseThrow();
        List<String> command = gw.command().stream()
                .map(a -> a.startsWith("-Dquarkus.http.port=") ? "-Dquarkus.http.port=" + port : a).toList();
        Path log = config.logDir().resolve("gateway-" + replica + ".log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null"))).directory(config.stateDir().toFile());
        builder.environment().putAll(io.clirbench.cli.stack.StackSecrets.loadOrCreate(config.stateDir()).environment());
        Process p = builder.start();
        String ready = "http://127.0.0.1:" + port + "/q/health/ready";
        poll("gateway replica " + replica + " ready (" + log + ")", Duration.ofMinutes(3), Duration.ofMillis(250), () -> {
            if (!p.isAlive()) {
                throw new AssertionError("gateway replica " + replica + " exited: see " + log);
            }
            try {
                return Optional.of(http.send(HttpRequest.newBuilder(URI.create(ready)).GET().build(),
                        HttpResponse.BodyHandlers.discarding()).statusCode()).filter(c -> c == 200);
            } catch (IOException e) {
                return Optional.empty();
            }
        });
        return p;
    }

    /** SIGKILL to one service, no restart (stack.json still names it, as after a crash); returns its process id. */
    long kill(String name) {
        StackState.Entry entry = state.processes().stream().filter(e -> e.name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no service named '" + name + "' in this stack"));
        StackState.live(entry).ifPresent(p -> {
            p.destroyForcibly();
            p.onExit().join();
        });
        return entry.pid();
    }

    /** {@code bench restart NAME} against this stack's state directory (in this JVM); fails unless it succeeds. */
    void benchRestart(String name) {
        int rc = bench("restart", "--state-dir", config.stateDir().toString(), name);
        if (rc != 0) {
            throw new AssertionError("bench restart " + name + " exited with " + rc);
        }
        state = StackState.read(config.stateFile()).orElseThrow();
    }

    /** The name of the stack's process with this id, if any. */
    Optional<String> nameOf(long pid) {
        return state.processes().stream().filter(e -> e.pid() == pid).map(StackState.Entry::name).findFirst();
    }

    /**
     * Stops what {@link #up} started (nothing when it failed): SIGKILL to every process of the stack at once, then
     * {@code stack.json} removed. The stack and its state directory are thrown away after the class, so a graceful stop
     * (bench down: SIGTERM one after the other, up to 20 s each; the eval-service alone took ~12 s) would only cost time.
     */
    void down() {
        if (state != null) {
            List<ProcessHandle> live = state.processes().stream().map(StackState::live).flatMap(Optional::stream).toList();
            live.forEach(ProcessHandle::destroyForcibly);
            live.forEach(p -> p.onExit().join());
            stack.stop(state);
        }
    }

    /** SIGKILL to one service and a restart with the same command line, ready again. */
    void killAndRestart(String name) {
        state = stack.killAndRestart(state, name);
    }

    StackConfig config() {
        return config;
    }

    Path home() {
        return config.home();
    }

    String gatewayUrl() {
        return config.gatewayUrl();
    }

    /** A token of the stack: {@code secrets.env} of its state directory, else the environment. */
    String token(String key) {
        return GatewayToken.secret(config.stateDir().resolve(GatewayToken.SECRETS_FILE), key)
                .or(() -> Optional.ofNullable(System.getenv(key)).filter(t -> !t.isBlank()))
                .orElseThrow(() -> new AssertionError("no " + key + ": neither " + config.stateDir() + "/secrets.env nor the"
                        + " environment has it (the e2e pom sets it)"));
    }

    String runnerToken() {
        return token(GatewayToken.RUNNER_KEY);
    }

    GatewayClient gateway() {
        return new GatewayClient(gatewayUrl(), runnerToken());
    }

    AgentRunClient agentClient() {
        return new AgentRunClient(gatewayUrl(), runnerToken());
    }

    /** A GET of the gateway with the runner token; fails unless 200. */
    String gatewayGet(String pathAndQuery) {
        return ok(get(gatewayUrl() + pathAndQuery, runnerToken()));
    }

    /** A POST of JSON to the gateway with the runner token; fails unless 200. */
    String gatewayPost(String pathAndQuery, String json) {
        String url = gatewayUrl() + pathAndQuery;
        try {
            return ok(http.send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + runnerToken())
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException("POST " + url + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: POST " + url, e);
        }
    }

    /** A GET of the eval-service with the service token (the only one it takes). */
    HttpResponse<String> evalGet(String pathAndQuery) {
        return get(config.evalUrl() + pathAndQuery, token(SERVICE_KEY));
    }

    /** A GET of one eval replica (by its port) with the service token. */
    HttpResponse<String> evalGet(int port, String pathAndQuery) {
        return get("http://127.0.0.1:" + port + pathAndQuery, token(SERVICE_KEY));
    }

    /** The eval-service's JSON at a path; {@link IllegalStateException} unless 200 (e.g. while it does not know a run yet). */
    JsonNode evalJson(String pathAndQuery) {
        HttpResponse<String> r = evalGet(pathAndQuery);
        if (r.statusCode() != 200) {
            throw new IllegalStateException("eval-service " + pathAndQuery + ": " + r.statusCode());
        }
        return json(r.body());
    }

    /** A file of the eval-service (names with '/' kept as path segments); fails unless 200. */
    String evalFile(String collectionPath, String name) {
        return ok(evalGet(collectionPath + URLEncoder.encode(name, StandardCharsets.UTF_8).replace("%2F", "/")
                .replace("+", "%20")));
    }

    private HttpResponse<String> get(String url, String token) {
        try {
            return http.send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + token).GET().build(),
                    HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("GET " + url + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted: GET " + url, e);
        }
    }

    private static String ok(HttpResponse<String> r) {
        if (r.statusCode() != 200) {
            throw new AssertionError(r.request().uri() + ": " + r.statusCode() + " " + r.body());
        }
        return r.body();
    }

    static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException("not JSON: " + e.getMessage(), e);
        }
    }

    /**
     * Calls {@code probe} every {@code interval} until it gives a value (an {@link IllegalStateException} counts as
     * "not yet": a service that does not know the run yet); fails after {@code timeout} saying {@code what}.
     */
    static <T> T poll(String what, Duration timeout, Duration interval, Callable<Optional<T>> probe) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                Optional<T> value = probe.call();
                if (value.isPresent()) {
                    return value.get();
                }
            } catch (IllegalStateException notYet) {
                // not there yet
            }
            Thread.sleep(interval.toMillis());
        }
        throw new AssertionError(what + " did not happen within " + timeout);
    }

    /** {@code bench ARGS} in this JVM, its standard output captured (and echoed to stderr); the exit code. */
    static int bench(List<String> args) {
        synchronized (E2eStack.class) {
            PrintStream out = System.out;
            ByteArrayOutputStream captured = new ByteArrayOutputStream();
            try {
                System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
                return BenchCommand.commandLine().execute(args.toArray(String[]::new));
            } finally {
                System.setOut(out);
                System.err.println(captured.toString(StandardCharsets.UTF_8));
            }
        }
    }

    static int bench(String... args) {
        return bench(List.of(args));
    }

    /** Chromium, or empty when {@code CLIRBENCH_SKIP_BROWSER=1}; a missing browser fails. */
    static Optional<HeadlessChromium> chromium() {
        if (HeadlessChromium.skipRequested()) {
            return Optional.empty();
        }
        return Optional.of(new HeadlessChromium(HeadlessChromium.DEFAULT_BINARY, Duration.ofMinutes(2)).requireAvailable());
    }

    /**
     * The DOM of a gateway page as a browser sees it after signing in: the sign-in page gets the reader token in its
     * URL fragment (as a person pastes it), sets the cookie and goes on to {@code path} (a page that does not refresh
     * itself: virtual time would not settle).
     */
    String signedInDom(HeadlessChromium chromium, String path) {
        return chromium.run(List.of("--virtual-time-budget=15000", "--dump-dom", signInUrl(path))).stdout();
    }

    /** A screenshot of a gateway page after signing in. */
    void signedInScreenshot(HeadlessChromium chromium, String path, Path png) {
        chromium.run(List.of("--virtual-time-budget=15000", "--screenshot=" + png.toAbsolutePath(), "--window-size=1280,2000",
                "--hide-scrollbars", signInUrl(path)));
    }

    private String signInUrl(String path) {
        return gatewayUrl() + "/sign-in?next=" + URLEncoder.encode(path, StandardCharsets.UTF_8) + "#token=" + token(READER_KEY);
    }
}
