package io.clirbench.cli.stack;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Starts and stops the local stack: a KRaft broker, one embedder per model, the index, eval and
 * gateway services, each a child process on loopback with its log in {@code <state>/logs}. Start
 * waits for every service's readiness; if one fails, everything started so far is stopped and
 * the error quotes the end of the failing process's log. Every process gets the stack's
 * credentials ({@link StackSecrets}, made on the first start) as environment variables.
 */
public final class LocalStack {

    private static final Duration READY_TIMEOUT = Duration.ofMinutes(5);

    private final StackConfig config;
    private final PrintStream log;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    public LocalStack(StackConfig config, PrintStream log) {
        this.config = config;
        this.log = log;
    }

    /** Starts everything and writes {@code stack.json}; fails when a stack recorded there is still running. */
    public StackState up() {
        if (StackState.running(config.stateFile())) {
            throw new StackException("a stack started from " + config.stateFile() + " is still running: run bench down first");
        }
        StackSecrets.loadOrCreate(config.stateDir());
        LogRotation.rotate(config.logDir(), LogRotation.KEEP);
        List<ServiceLaunch> services = services();
        ServiceLaunch kafka = ServiceLaunch.kafka(config, java());
        List<StackState.Entry> started = new ArrayList<>();
        try {
            long t0 = System.nanoTime();
            StackState.Entry broker = start(kafka, false);
            started.add(broker);
            record(started);
            awaitReady(kafka.name(), kafka.ready(), broker, 0);
            log.printf(Locale.ROOT, "  kafka      ready on %s (%.1f s)%n", config.kafkaBootstrap(), seconds(t0));
            List<StackState.Entry> entries = new ArrayList<>();
            for (ServiceLaunch service : services) {
                StackState.Entry entry = start(service, false);
                started.add(entry);
                entries.add(entry);
            }
            record(started);
            for (int i = 0; i < services.size(); i++) {
                awaitReady(services.get(i).name(), services.get(i).ready(), entries.get(i), 0);
                log.printf(Locale.ROOT, "  %-10s ready on http://127.0.0.1:%d (%.1f s)%n", services.get(i).name(),
                        services.get(i).port(), seconds(t0));
            }
            return new StackState(config.gatewayUrl(), started);
        } catch (RuntimeException e) {
            stop(new StackState(config.gatewayUrl(), started));
            throw e;
        }
    }

    private List<ServiceLaunch> services() {
        String java = java();
        List<ServiceLaunch> services = new ArrayList<>();
        for (String model : config.embedders().keySet()) {
            List<Integer> ports = config.embedderPorts(model);
            for (int r = 1; r <= ports.size(); r++) {
                services.add(ServiceLaunch.embedder(config, java, model, r, ports.get(r - 1)));
            }
        }
        services.add(ServiceLaunch.index(config, java));
        for (int i = 0; i < config.evalPorts().size(); i++) {
            services.add(ServiceLaunch.eval(config, java, i));
        }
        services.add(ServiceLaunch.gateway(config, java));
        return services;
    }

    private static String java() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    /**
     * Kills one service abruptly (SIGKILL: no shutdown hooks, no clean consumer close) and starts
     * it again with the same command line; returns the updated state once it is ready again.
     */
    public StackState killAndRestart(StackState state, String name) {
        return relaunch(state, name, true);
    }

    /**
     * {@code bench restart NAME}: stops one service of the recorded stack gracefully (SIGTERM, SIGKILL after 20 s) if
     * it is running, starts it again with its recorded command line (its log appended to), waits until it is ready and
     * records the new process in {@code stack.json}. An unknown name is an error listing the stack's names.
     */
    public StackState restart(StackState state, String name) {
        return relaunch(state, name, false);
    }

    private StackState relaunch(StackState state, String name, boolean kill) {
        StackState.Entry old = state.processes().stream().filter(e -> e.name().equals(name)).findFirst()
                .orElseThrow(() -> new StackException("no service named '" + name + "' in this stack; its services are "
                        + String.join(", ", state.processes().stream().map(StackState.Entry::name).toList())));
        ServiceLaunch launch = old.command().isEmpty()
                ? services().stream().filter(s -> s.name().equals(name)).findFirst().orElseGet(() -> name.equals("kafka")
                        ? ServiceLaunch.kafka(config, java()) : null)
                : new ServiceLaunch(old.name(), old.command(), old.port(), old.ready());
        if (launch == null) {
            throw new StackException("stack.json records no command line for '" + name + "' and this configuration has no such service");
        }
        StackState.live(old).ifPresent(p -> {
            if (kill) {
                p.destroyForcibly();
                p.onExit().join();
            } else {
                stop(old);
            }
        });
        long offset = logSize(old.log());
        StackState.Entry restarted = start(launch, true);
        List<StackState.Entry> entries = new ArrayList<>();
        for (StackState.Entry entry : state.processes()) {
            entries.add(entry.name().equals(name) ? restarted : entry);
        }
        StackState updated = new StackState(state.gatewayUrl(), entries);
        updated.write(config.stateFile());
        awaitReady(launch.name(), launch.ready(), restarted, offset);
        return updated;
    }

    private static long logSize(String log) {
        try {
            return log.isEmpty() ? 0 : Files.size(Path.of(log));
        } catch (IOException e) {
            return 0;
        }
    }

    private void record(List<StackState.Entry> started) {
        new StackState(config.gatewayUrl(), started).write(config.stateFile());
    }

    private StackState.Entry start(ServiceLaunch service, boolean appendLog) {
        try {
            Files.createDirectories(config.logDir());
            Files.createDirectories(config.dataDir());
            Path logFile = config.logDir().resolve(service.name() + ".log");
            if (appendLog) {
                Files.writeString(logFile, "---- " + service.name() + " started again at " + java.time.Instant.now() + " ----\n",
                        StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
            }
            Process process = processBuilder(service, StackSecrets.loadOrCreate(config.stateDir()))
                    .redirectErrorStream(true)
                    .redirectOutput(appendLog ? ProcessBuilder.Redirect.appendTo(logFile.toFile()) : ProcessBuilder.Redirect.to(logFile.toFile()))
                    .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                    .directory(config.stateDir().toFile())
                    .start();
            String instant = process.info().startInstant().map(Object::toString).orElse("");
            return new StackState.Entry(service.name(), process.pid(), service.port(), instant, logFile.toString(),
                    service.command(), service.ready());
        } catch (IOException e) {
            throw new StackException("cannot start " + service.name() + ": " + e.getMessage(), e);
        }
    }

    /** The service's command with the stack's credentials added to the environment it inherits. */
    static ProcessBuilder processBuilder(ServiceLaunch service, StackSecrets secrets) {
        ProcessBuilder builder = new ProcessBuilder(service.command());
        builder.environment().putAll(secrets.environment());
        return builder;
    }

    /** Waits for {@code ready} (a URL answering 200, or {@code log:LINE} written after byte {@code logOffset}). */
    private void awaitReady(String name, String ready, StackState.Entry entry, long logOffset) {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (StackState.live(entry).isEmpty()) {
                throw new StackException(name + " exited during start-up; end of " + entry.log() + ":\n" + tail(entry.log()));
            }
            if (isReady(name, ready, entry, logOffset)) {
                return;
            }
            sleep(250);
        }
        throw new StackException(name + " not ready after " + READY_TIMEOUT.toMinutes() + " min; end of " + entry.log()
                + ":\n" + tail(entry.log()));
    }

    private boolean isReady(String name, String ready, StackState.Entry entry, long logOffset) {
        if (ready.startsWith("log:")) {
            try {
                byte[] log = Files.readAllBytes(Path.of(entry.log()));
                int from = (int) Math.min(log.length, logOffset);
                return new String(log, from, log.length - from, StandardCharsets.UTF_8).contains(ready.substring(4));
            } catch (IOException e) {
                return false;
            }
        }
        try {
            HttpResponse<Void> response = http.send(HttpRequest.newBuilder(URI.create(ready))
                    .timeout(Duration.ofSeconds(2)).GET().build(), HttpResponse.BodyHandlers.discarding());
            return response.statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StackException("interrupted while waiting for " + name, e);
        }
    }

    /** Stops the recorded processes (services first, the broker last) and removes {@code stack.json}. */
    public int stop(StackState state) {
        List<StackState.Entry> reversed = new ArrayList<>(state.processes());
        java.util.Collections.reverse(reversed);
        int stopped = 0;
        for (StackState.Entry entry : reversed) {
            if (stop(entry)) {
                stopped++;
            }
        }
        try {
            Files.deleteIfExists(config.stateFile());
        } catch (IOException e) {
            throw new StackException("cannot delete " + config.stateFile() + ": " + e.getMessage(), e);
        }
        return stopped;
    }

    /** SIGTERM, then SIGKILL after 20 s; true when the process was running. */
    static boolean stop(StackState.Entry entry) {
        var handle = StackState.live(entry);
        if (handle.isEmpty()) {
            return false;
        }
        ProcessHandle process = handle.get();
        process.destroy();
        try {
            process.onExit().get(20, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            process.destroyForcibly();
            process.onExit().join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new StackException("stopping " + entry.name() + " failed: " + e.getMessage(), e);
        }
        return true;
    }

    static String tail(String logFile) {
        try {
            List<String> lines = Files.readAllLines(Path.of(logFile), StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 25), lines.size()));
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }


    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StackException("interrupted", e);
        }
    }
}
