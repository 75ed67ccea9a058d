package io.clirbench.gateway.client;

import io.clirbench.gateway.config.GatewayConfig;
import io.clirbench.proto.embed.v1.EmbedResponse;
import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.clirbench.proto.embed.v1.InfoRequest;
import io.clirbench.proto.embed.v1.ScoreResponse;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Embeds texts through every endpoint of a model in parallel: at most
 * {@code gateway.embed.in-flight-per-endpoint} batches per endpoint, shared in turn with the other runs on the model
 * ({@link EmbedTurns}); a batch refused with
 * UNAVAILABLE or RESOURCE_EXHAUSTED goes back in line after a backoff during which the refusing
 * endpoint takes no other batch (so the others go to the other endpoints), up to
 * {@code gateway.embed.attempts} tries; a batch still refused with UNAVAILABLE after them (no replica answers: killed,
 * restarting) keeps trying every 2 s at most until {@code gateway.embed.wait-for-replica} has passed since its first
 * refusal, and the run hears that it waits for an encoder ({@link EncoderWaits}).
 */
@ApplicationScoped
public class EmbedClient {

    private final GrpcChannels channels;
    private final GatewayConfig config;
    private final Encoders encoders;
    private final EmbedTurns turns;

    EmbedClient(GrpcChannels channels, GatewayConfig config, Encoders encoders, EmbedTurns turns) {
        this.channels = channels;
        this.config = config;
        this.encoders = encoders;
        this.turns = turns;
    }

    /** Called as each batch is done: the positions of its texts and their vectors. */
    @FunctionalInterface
    public interface BatchListener {
        void done(int from, List<float[]> vectors);
    }

    public List<String> endpoints(String modelId) {
        return encoders.of(modelId);
    }

    public EncoderInfo info(String endpoint) {
        return EmbedMapper.info(EmbedServiceGrpc.newBlockingStub(channels.forTarget(endpoint))
                .withDeadlineAfter(5, TimeUnit.SECONDS).info(InfoRequest.getDefaultInstance()));
    }

    /**
     * Info of the first endpoint that answers; while every endpoint refuses with UNAVAILABLE (no replica answers), asked
     * again every 2 s until {@code gateway.embed.wait-for-replica} has passed, the run hearing that it waits.
     */
    public EncoderInfo info(String modelId, List<String> endpoints) throws InterruptedException {
        if (endpoints.isEmpty()) {
            throw new EmbedFailure("no embedder of model '" + modelId + "' (neither configured nor discovered)", null);
        }
        long start = System.nanoTime();
        ReplicaWait wait = new ReplicaWait(modelId, List.copyOf(endpoints), EncoderWaits.current());
        java.time.Instant since = java.time.Instant.now();
        while (true) {
            StatusRuntimeException last = null;
            boolean allUnavailable = true;
            for (String endpoint : endpoints) {
                try {
                    EncoderInfo info = info(endpoint);
                    wait.succeeded();
                    return info;
                } catch (StatusRuntimeException e) {
                    last = e;
                    allUnavailable &= e.getStatus().getCode() == Status.Code.UNAVAILABLE;
                }
            }
            boolean noWait = wait.alreadyWaitedOut();
            if (!allUnavailable || noWait || System.nanoTime() - start >= config.embed().waitForReplica().toNanos()) {
                if (allUnavailable && !noWait) {
                    wait.waitedOut();
                }
                throw new EmbedFailure("no embedder of model '" + modelId + "' answers Info at " + endpoints
                        + (allUnavailable ? noWait ? notWaitedAgain()
                        : " (waited " + config.embed().waitForReplica().toSeconds() + " s)" : "")
                        + (last == null ? "" : ": " + last.getStatus()), last);
            }
            wait.stillRefused(start - 1, since);
            endpoints.forEach(e -> channels.forTarget(e).resetConnectBackoff());
            CancellableWaits.sleep(2000);
        }
    }

    /** Why a job failed without waiting for a replica: its run already waited the whole wait for the model. */
    private String notWaitedAgain() {
        return " (not waited for again: the run already waited " + config.embed().waitForReplica().toSeconds()
                + " s for this model)";
    }

    /** Embeds every text (in batches, in parallel); the listener sees each batch as it completes. */
    public void embed(String modelId, List<String> texts, EmbedRole role, BatchListener listener) throws InterruptedException {
        embed(modelId, texts, null, role, listener);
    }

    /**
     * As {@link #embed(String, List, EmbedRole, BatchListener)}; with {@code langs} (one per text) the embedders
     * map each vector by the adapter of its text's language (embed.v1 {@code align}).
     */
    public void embed(String modelId, List<String> texts, List<String> langs, EmbedRole role, BatchListener listener)
            throws InterruptedException {
        inBatches(modelId, texts.size(), (from, to, slots, wait) -> {
            List<String> batch = texts.subList(from, to);
            EmbedResponse response = call(modelId, slots, wait, stub -> stub.embed(langs == null ? EmbedMapper.request(batch, role)
                    : EmbedMapper.alignedRequest(batch, langs.subList(from, to), role)));
            if (response.getVectorsCount() != batch.size()) {
                throw new EmbedFailure("an embedder of model '" + modelId + "' returned " + response.getVectorsCount()
                        + " vectors for " + batch.size() + " texts", null);
            }
            listener.done(from, EmbedMapper.vectors(response));
        });
    }

    /**
     * Embeds every text for one output of the model (embed.v1 {@code output}), in batches like {@link #embed}: the
     * listener sees each batch's rows ({@link EmbedMapper#rows}).
     */
    public void embed(String modelId, List<String> texts, EmbedRole role, EmbedOutput output, BatchListener listener)
            throws InterruptedException {
        if (output == EmbedOutput.DENSE) {
            embed(modelId, texts, null, role, listener);
            return;
        }
        inBatches(modelId, texts.size(), (from, to, slots, wait) -> {
            List<String> batch = texts.subList(from, to);
            EmbedResponse response = call(modelId, slots, wait, stub -> stub.embed(EmbedMapper.request(batch, role, output)));
            List<float[]> rows = EmbedMapper.rows(response, output);
            if (rows.size() != batch.size()) {
                throw new EmbedFailure("an embedder of model '" + modelId + "' returned " + rows.size() + " " + output.infoName()
                        + " outputs for " + batch.size() + " texts", null);
            }
            listener.done(from, rows);
        });
    }

    /** Called as each batch of pairs is scored: the position of its first pair and the scores. */
    @FunctionalInterface
    public interface ScoreListener {
        void done(int from, double[] scores);
    }

    /**
     * Scores (query, document) pairs ({@code pairs[i] = {query, document}}) with a cross-encoder (embed.v1
     * {@code Score}), in batches over every endpoint of the model as {@link #embed} does.
     */
    public void score(String modelId, List<String[]> pairs, ScoreListener listener) throws InterruptedException {
        inBatches(modelId, pairs.size(), (from, to, slots, wait) -> {
            ScoreResponse response = call(modelId, slots, wait, stub -> stub.score(EmbedMapper.scoreRequest(pairs.subList(from, to))));
            if (response.getScoresCount() != to - from) {
                throw new EmbedFailure("a cross-encoder of model '" + modelId + "' returned " + response.getScoresCount()
                        + " scores for " + (to - from) + " pairs", null);
            }
            listener.done(from, EmbedMapper.scores(response));
        });
    }

    /** One batch {@code [from, to)} of a job, with the endpoint slots to call through. */
    @FunctionalInterface
    private interface BatchCall {
        void run(int from, int to, BlockingQueue<String> slots, ReplicaWait wait) throws InterruptedException;
    }

    /** Runs a job of {@code count} items in batches of {@code gateway.embed.batch-texts}, in parallel over the model's endpoints. */
    private void inBatches(String modelId, int count, BatchCall call) throws InterruptedException {
        List<String> endpoints = endpoints(modelId);
        if (endpoints.isEmpty()) {
            // no slot would ever free up: fail instead of waiting forever
            throw new EmbedFailure("no embedder of model '" + modelId + "' (neither configured nor discovered)", null);
        }
        // shared with the other jobs on this model, in turn (EmbedTurns)
        BlockingQueue<String> slots = turns.join(modelId, endpoints, config.embed().inFlightPerEndpoint());
        int size = config.embed().batchTexts();
        ReplicaWait wait = new ReplicaWait(modelId, List.copyOf(endpoints), EncoderWaits.current());
        // the batches run in a child of the caller's context (a run's): a failed batch, or the run's cancel, cancels the
        // others' calls and waits; the pool is never shut down with interrupts (they may be writing the embedding cache)
        io.grpc.Context.CancellableContext batches = io.grpc.Context.current().withCancellation();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> futures = new ArrayList<>();
            for (int from = 0; from < count; from += size) {
                int start = from;
                int end = Math.min(count, from + size);
                futures.add(pool.submit(batches.wrap(() -> {
                    call.run(start, end, slots, wait);
                    return null;
                })));
            }
            try {
                for (Future<?> f : futures) {
                    CancellableWaits.get(f);
                }
            } catch (ExecutionException e) {
                batches.cancel(e.getCause());
                throw e.getCause() instanceof RuntimeException re ? re : new EmbedFailure(e.getCause().toString(), e.getCause());
            } catch (InterruptedException e) {
                batches.cancel(null);
                throw e;
            }
        } finally {
            batches.cancel(null); // done: releases the child context
        }
    }

    /**
     * One call on the next free endpoint; UNAVAILABLE or RESOURCE_EXHAUSTED go back in line after a backoff, up to
     * {@code gateway.embed.attempts} tries, then UNAVAILABLE alone until {@code gateway.embed.wait-for-replica} has
     * passed since the first refusal.
     */
    private <T> T call(String modelId, BlockingQueue<String> slots, ReplicaWait wait,
                       Function<EmbedServiceGrpc.EmbedServiceBlockingStub, T> rpc) throws InterruptedException {
        StatusRuntimeException last = null;
        int attempts = config.embed().attempts();
        boolean noWait = wait.alreadyWaitedOut();
        long waitNanos = noWait ? 0 : config.embed().waitForReplica().toNanos();
        long firstRefusal = 0;
        java.time.Instant firstRefusalAt = null;
        for (int attempt = 0; ; attempt++) {
            CancellableWaits.checkNotCancelled();
            String endpoint = slots.take();
            try {
                T response = rpc.apply(EmbedServiceGrpc.newBlockingStub(channels.forTarget(endpoint))
                        .withDeadlineAfter(config.embed().deadline().toMillis(), TimeUnit.MILLISECONDS));
                slots.put(endpoint);
                wait.succeeded();
                return response;
            } catch (StatusRuntimeException e) {
                Status.Code code = e.getStatus().getCode();
                if (code != Status.Code.UNAVAILABLE && code != Status.Code.RESOURCE_EXHAUSTED) {
                    slots.offer(endpoint);
                    throw new EmbedFailure("embedder " + endpoint + " of model '" + modelId + "' failed: "
                            + code + " " + e.getStatus().getDescription(), e);
                }
                last = e;
                if (firstRefusalAt == null) {
                    firstRefusal = System.nanoTime();
                    firstRefusalAt = java.time.Instant.now();
                }
                boolean triesLeft = attempt + 1 < attempts;
                boolean waiting = !triesLeft && code == Status.Code.UNAVAILABLE && System.nanoTime() - firstRefusal < waitNanos;
                if (!triesLeft && !waiting) {
                    slots.offer(endpoint);
                    break;
                }
                if (waiting) {
                    wait.stillRefused(firstRefusal, firstRefusalAt);
                    // a restarted replica is reconnected at the next try, not after gRPC's growing reconnect backoff
                    channels.forTarget(endpoint).resetConnectBackoff();
                }
                // The refusing endpoint's slot stays out of line during the backoff: the other batches go to
                // the other endpoints meanwhile (returned at once, a dead endpoint would burn every batch's tries).
                try {
                    CancellableWaits.sleep(Math.min(2000, 100L << Math.min(attempt, 5)));
                } finally {
                    slots.offer(endpoint);
                }
            }
        }
        boolean waitedOut = !noWait && System.nanoTime() - firstRefusal >= waitNanos
                && last.getStatus().getCode() == Status.Code.UNAVAILABLE;
        if (waitedOut) {
            wait.waitedOut();
        }
        String waited = waitedOut ? " and " + config.embed().waitForReplica().toSeconds() + " s of waiting for a replica"
                : noWait && last.getStatus().getCode() == Status.Code.UNAVAILABLE ? notWaitedAgain() : "";
        throw new EmbedFailure("embedding with model '" + modelId + "' failed after " + attempts
                + " attempts" + waited + " on " + endpoints(modelId) + ": " + last.getStatus().getCode() + " "
                + last.getStatus().getDescription(), last);
    }

}
