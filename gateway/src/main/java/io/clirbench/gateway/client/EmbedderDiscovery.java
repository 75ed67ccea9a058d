package io.clirbench.gateway.client;

import io.clirbench.proto.embed.v1.InfoResponse;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.jboss.logging.Logger;

/**
 * Finds the embedders behind one name: resolves {@code host:port} to one endpoint per address, asks
 * every endpoint for Info in parallel and groups the endpoints that answered by the model id they
 * report. An endpoint that does not answer is left out (logged); a name that does not resolve gives
 * no model (logged). The answer is kept for {@link #CACHE} so that a burst of requests asks once.
 */
public final class EmbedderDiscovery {

    /** How long one discovery answers every request (new pods and models show up after at most this). */
    public static final Duration CACHE = Duration.ofSeconds(5);

    private static final Logger LOG = Logger.getLogger(EmbedderDiscovery.class);

    private final String hostPort;
    private final Resolver resolver;
    private final Function<String, InfoResponse> info;
    private final LongSupplier nanoTime;
    private Map<String, List<String>> cached;
    private long cachedAt;

    /**
     * @param info Info of one endpoint with a short deadline; any RuntimeException counts as no answer
     * @param nanoTime the clock of the cache ({@code System::nanoTime})
     */
    public EmbedderDiscovery(String hostPort, Resolver resolver, Function<String, InfoResponse> info, LongSupplier nanoTime) {
        if (!hostPort.matches("[^\\s:]+:\\d{1,5}")) {
            throw new IllegalArgumentException("gateway.encoders-discovery '" + hostPort + "' is not host:port");
        }
        this.hostPort = hostPort;
        this.resolver = resolver;
        this.info = info;
        this.nanoTime = nanoTime;
    }

    /** Model id → the endpoints serving it (sorted by model id, endpoints in resolver order); at most CACHE old. */
    public synchronized Map<String, List<String>> models() {
        long now = nanoTime.getAsLong();
        if (cached == null || now - cachedAt >= CACHE.toNanos()) {
            cached = discover();
            cachedAt = now;
        }
        return cached;
    }

    private Map<String, List<String>> discover() {
        List<String> endpoints;
        try {
            endpoints = resolver.resolve(hostPort);
        } catch (UnknownHostException e) {
            LOG.warnf("encoder discovery: %s does not resolve (no ready embedder pod?): %s", hostPort, e.getMessage());
            return Map.of();
        }
        Map<String, Future<InfoResponse>> answers = new LinkedHashMap<>();
        Map<String, List<String>> models = new TreeMap<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (String endpoint : endpoints) {
                answers.put(endpoint, pool.submit(() -> info.apply(endpoint)));
            }
            for (var e : answers.entrySet()) {
                try {
                    models.computeIfAbsent(e.getValue().get().getModelId(), m -> new ArrayList<>()).add(e.getKey());
                } catch (ExecutionException failed) {
                    LOG.warnf("encoder discovery: %s (of %s) does not answer Info, left out: %s",
                            e.getKey(), hostPort, failed.getCause().toString());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted discovering the embedders of " + hostPort, e);
        }
        models.replaceAll((m, list) -> List.copyOf(list));
        LOG.debugf("encoder discovery: %s → %s", hostPort, models);
        return java.util.Collections.unmodifiableMap(models);
    }
}
