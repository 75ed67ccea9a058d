package io.clirbench.embedder.grpc;

import io.clirbench.embedder.encoder.LanguageAdapters;
import io.clirbench.embedder.config.EmbedderConfig;
import io.clirbench.embedder.encoder.DynamicBatcher;
import io.clirbench.embedder.encoder.Encoder;
import io.clirbench.embedder.encoder.Role;
import io.clirbench.embedder.encoder.TextTokenizer;
import io.clirbench.embedder.encoder.TokenizedText;
import io.clirbench.embedder.mapping.EmbedMapper;
import io.clirbench.embedder.metrics.EmbedderMetrics;
import io.clirbench.embedder.model.LoadedModel;
import io.clirbench.proto.embed.v1.EmbedRequest;
import io.clirbench.proto.embed.v1.EmbedResponse;
import io.clirbench.proto.embed.v1.EmbedService;
import io.clirbench.proto.embed.v1.InfoRequest;
import io.clirbench.proto.embed.v1.InfoResponse;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.quarkus.grpc.GrpcService;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * {@code embed.v1.EmbedService}: validates a request, tokenizes it on a worker thread and
 * hands it to the dynamic batcher, which merges it with other callers' texts.
 */
@GrpcService
public class EmbedGrpcService implements EmbedService {

    /** Chunks of one stream embedded at the same time. */
    static final int STREAM_CONCURRENCY = 8;

    private final LoadedModel model;
    private final EmbedderConfig config;
    private final EmbedderMetrics metrics;

    public EmbedGrpcService(LoadedModel model, EmbedderConfig config, EmbedderMetrics metrics) {
        this.model = model;
        this.config = config;
        this.metrics = metrics;
    }

    @Override
    public Uni<EmbedResponse> embed(EmbedRequest request) {
        long start = System.nanoTime();
        return Uni.createFrom().item(() -> prepare(request))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .onItem().transformToUni(prepared -> Uni.createFrom().completionStage(prepared.vectors())
                        .map(vectors -> EmbedMapper.response(model.card(), request.getRequestId(), aligned(request, vectors),
                                prepared.tokens(), prepared.truncated())))
                .onFailure(DynamicBatcher.ClosedException.class).transform(EmbedGrpcService::closed)
                .onItem().invoke(() -> metrics.request(System.nanoTime() - start));
    }

    @Override
    public Multi<EmbedResponse> embedStream(Multi<EmbedRequest> requests) {
        return requests.onItem().transformToUni(this::embed).merge(STREAM_CONCURRENCY);
    }

    @Override
    public Uni<InfoResponse> info(InfoRequest request) {
        return Uni.createFrom().item(() -> {
            if (model.card() == null) {
                throw Status.UNAVAILABLE.withDescription("the model card is not read yet").asRuntimeException();
            }
            String device = model.encoder() != null ? model.encoder().device() : "loading";
            InfoResponse info = EmbedMapper.info(model.card(), device, config.maxRequestTexts());
            LanguageAdapters adapters = model.adapters();
            return adapters.isEmpty() ? info
                    : info.toBuilder().putAllAdapters(adapters.digests()).setAdapterPivot(adapters.pivot()).build();
        });
    }

    /** A validated request, tokenized and queued. */
    private record Prepared(CompletableFuture<float[][]> vectors, long tokens, int truncated) {
    }

    private Prepared prepare(EmbedRequest request) {
        Encoder encoder = model.encoder();
        DynamicBatcher batcher = model.batcher();
        if (model.state() != LoadedModel.State.READY || encoder == null || batcher == null) {
            String why = model.state() == LoadedModel.State.FAILED ? " failed to load: " + model.failure() : " is loading";
            throw Status.UNAVAILABLE.withDescription("model " + config.modelCard() + why).asRuntimeException();
        }
        Role role = EmbedMapper.role(request.getRole()).orElseThrow(() -> invalid("role must be QUERY or DOCUMENT, got " + request.getRole()));
        int count = request.getTextsCount();
        if (count == 0) {
            throw invalid("texts is empty: send at least one text");
        }
        if (count > config.maxRequestTexts()) {
            throw invalid("texts holds " + count + " texts, over the limit of " + config.maxRequestTexts() + " per request");
        }
        checkAlign(request, count);
        List<TokenizedText> texts = new ArrayList<>(count);
        long tokens = 0;
        int truncated = 0;
        for (int i = 0; i < count; i++) {
            String text = request.getTexts(i);
            if (text.isBlank()) {
                throw invalid("texts[" + i + "] is empty");
            }
            try {
                TokenizedText t = encoder.tokenize(role, text);
                texts.add(t);
                tokens += t.length();
                truncated += t.truncated() ? 1 : 0;
            } catch (TextTokenizer.TextTooLongException e) {
                throw invalid("texts[" + i + "]: " + e.getMessage());
            }
        }
        try {
            return new Prepared(batcher.submit(texts), tokens, truncated);
        } catch (DynamicBatcher.QueueFullException e) {
            metrics.rejected();
            throw Status.RESOURCE_EXHAUSTED.withDescription(e.getMessage() + "; retry with backoff").asRuntimeException();
        } catch (DynamicBatcher.ClosedException e) {
            throw closed(e);
        }
    }

    /** With {@code align}: the card must have adapters and {@code langs} must give one language per text, or one for all. */
    private void checkAlign(EmbedRequest request, int count) {
        if (!request.getAlign()) {
            return;
        }
        if (model.adapters().isEmpty()) {
            throw Status.FAILED_PRECONDITION.withDescription("align: model " + model.card().id()
                    + " has no language adapters (learn them with bench align)").asRuntimeException();
        }
        int langs = request.getLangsCount();
        if (langs != 1 && langs != count) {
            throw invalid("align needs langs: one language per text (" + count + ") or one for all, got " + langs);
        }
    }

    /** The vectors mapped by the adapter of each text's language when the request asks for it. */
    private float[][] aligned(EmbedRequest request, float[][] vectors) {
        if (!request.getAlign()) {
            return vectors;
        }
        LanguageAdapters adapters = model.adapters();
        float[][] out = new float[vectors.length][];
        for (int i = 0; i < vectors.length; i++) {
            String lang = request.getLangsCount() == 1 ? request.getLangs(0) : request.getLangs(i);
            out[i] = adapters.apply(vectors[i], lang);
        }
        return out;
    }

    /** The batcher was closed (shutdown) before or while the request waited: another pod can answer. */
    static StatusRuntimeException closed(Throwable e) {
        return Status.UNAVAILABLE.withDescription(e.getMessage()).asRuntimeException();
    }

    private static StatusRuntimeException invalid(String description) {
        return Status.INVALID_ARGUMENT.withDescription(description).asRuntimeException();
    }
}
