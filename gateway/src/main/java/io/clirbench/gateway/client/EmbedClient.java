package io.clirbench.gateway.client;

import io.clirbench.gateway.config.GatewayConfig;
import io.clirbench.gateway.mapping.EmbedMapper;
import io.clirbench.proto.embed.v1.EmbedResponse;
import io.clirbench.proto.embed.v1.EmbedServiceGrpc;
import io.clirbench.proto.embed.v1.InfoRequest;
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
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Embeds texts through every endpoint of a model in parallel: at most
 * {@code gateway.embed.in-flight-per-endpoint} batches per endpoint; a batch refused with
 * UNAVAILABLE or RESOURCE_EXHAUSTED goes back in line after a backoff during which the refusing
 * endpoint takes no other batch (so the others go to the other endpoints), up to
 * {@code gateway.embed.attempts} tries.
 */
@ApplicationScoped
public class EmbedClient {

    private final GrpcChannels channels;
    private final GatewayConfig config;
    private final Encoders encoders;

    EmbedClient(GrpcChannels channels, GatewayConfig config, Encoders encoders) {
        this.channels = channels;
        this.config = config;
        this.encoders = encoders;
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

    /** Info of the first endpoint that answers. */
    public EncoderInfo info(String modelId, List<String> endpoints) {
        if (endpoints.isEmpty()) {
            throw new EmbedFailure("no embedder of model '" + modelId + "' (neither configured nor discovered)", null);
        }
        StatusRuntimeException last = null;
        for (String endpoint : endpoints) {
            try {
                return info(endpoint);
            } catch (StatusRuntimeException e) {
                last = e;
            }
        }
        throw new EmbedFailure("no embedder of model '" + modelId + "' answers Info at " + endpoints
                + (last == null ? "" : ": " + last.getStatus()), last);
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
        List<String> endpoints = endpoints(modelId);
        if (endpoints.isEmpty()) {
            // no slot would ever free up: fail instead of waiting forever
            throw new EmbedFailure("no embedder of model '" + modelId + "' (neither configured nor discovered)", null);
        }
        BlockingQueue<String> slots = new LinkedBlockingQueue<>();
        for (int i = 0; i < config.embed().inFlightPerEndpoint(); i++) {
            slots.addAll(endpoints);
        }
        int size = config.embed().batchTexts();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<?>> futures = new ArrayList<>();
            for (int from = 0; from < texts.size(); from += size) {
                int start = from;
                List<String> batch = texts.subList(from, Math.min(texts.size(), from + size));
                List<String> batchLangs = langs == null ? null : langs.subList(from, Math.min(texts.size(), from + size));
                futures.add(pool.submit(() -> {
                    listener.done(start, embedBatch(modelId, batch, batchLangs, role, slots));
                    return null;
                }));
            }
            try {
                for (Future<?> f : futures) {
                    f.get();
                }
            } catch (ExecutionException e) {
                pool.shutdownNow();
                throw e.getCause() instanceof RuntimeException re ? re : new EmbedFailure(e.getCause().toString(), e.getCause());
            } catch (InterruptedException e) {
                pool.shutdownNow();
                throw e;
            }
        }
    }

    private List<float[]> embedBatch(String modelId, List<String> batch, List<String> langs, EmbedRole role,
                                     BlockingQueue<String> slots)
            throws InterruptedException {
        StatusRuntimeException last = null;
        int attempts = config.embed().attempts();
        for (int attempt = 0; attempt < attempts; attempt++) {
            String endpoint = slots.take();
            try {
                EmbedResponse response = EmbedServiceGrpc.newBlockingStub(channels.forTarget(endpoint))
                        .withDeadlineAfter(config.embed().deadline().toMillis(), TimeUnit.MILLISECONDS)
                        .embed(langs == null ? EmbedMapper.request(batch, role) : EmbedMapper.alignedRequest(batch, langs, role));
                slots.put(endpoint);
                return vectors(modelId, endpoint, batch.size(), response);
            } catch (StatusRuntimeException e) {
                Status.Code code = e.getStatus().getCode();
                if (code != Status.Code.UNAVAILABLE && code != Status.Code.RESOURCE_EXHAUSTED) {
                    slots.offer(endpoint);
                    throw new EmbedFailure("embedder " + endpoint + " of model '" + modelId + "' failed: "
                            + code + " " + e.getStatus().getDescription(), e);
                }
                last = e;
                // The refusing endpoint's slot stays out of line during the backoff: the other batches go to
                // the other endpoints meanwhile (returned at once, a dead endpoint would burn every batch's tries).
                try {
                    if (attempt + 1 < attempts) {
                        Thread.sleep(Math.min(2000, 100L << attempt));
                    }
                } finally {
                    slots.offer(endpoint);
                }
            }
        }
        throw new EmbedFailure("embedding with model '" + modelId + "' failed after " + attempts
                + " attempts on " + endpoints(modelId) + ": " + last.getStatus().getCode() + " "
                + last.getStatus().getDescription(), last);
    }

    private static List<float[]> vectors(String modelId, String endpoint, int expected, EmbedResponse response) {
        if (response.getVectorsCount() != expected) {
            throw new EmbedFailure("embedder " + endpoint + " of model '" + modelId + "' returned "
                    + response.getVectorsCount() + " vectors for " + expected + " texts", null);
        }
        return EmbedMapper.vectors(response);
    }
}
