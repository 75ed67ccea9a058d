package io.clirbench.embedder.grpc;

import io.clirbench.encoders.LanguageAdapters;
import io.clirbench.embedder.config.EmbedderConfig;
import io.clirbench.encoders.DynamicBatcher;
import io.clirbench.encoders.Encoder;
import io.clirbench.encoders.OutputKind;
import io.clirbench.encoders.Role;
import io.clirbench.encoders.TextTokenizer;
import io.clirbench.encoders.TokenizedText;
import io.clirbench.embedder.mapping.EmbedMapper;
import io.clirbench.embedder.metrics.EmbedderMetrics;
import io.clirbench.embedder.model.LoadedModel;
import io.clirbench.encoders.remote.RemoteEndpointException;
import io.clirbench.proto.embed.v1.EmbedRequest;
import io.clirbench.proto.embed.v1.EmbedResponse;
import io.clirbench.proto.embed.v1.EmbedService;
import io.clirbench.proto.embed.v1.InfoRequest;
import io.clirbench.proto.embed.v1.InfoResponse;
import io.clirbench.proto.embed.v1.ScorePair;
import io.clirbench.proto.embed.v1.ScoreRequest;
import io.clirbench.proto.embed.v1.ScoreResponse;
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
                        .map(vectors -> EmbedMapper.response(model.card(), request.getRequestId(), prepared.output(),
                                aligned(request, vectors), prepared.tokens(), prepared.truncated())))
                .onFailure(DynamicBatcher.ClosedException.class).transform(EmbedGrpcService::closed)
                .onFailure(RemoteEndpointException.class).transform(EmbedGrpcService::endpointFailed)
                .onItem().invoke(() -> metrics.request(System.nanoTime() - start));
    }

    /**
     * A served model's endpoint gave no vectors after this pod's own retries: INTERNAL with the message naming the
     * endpoint, so that the gateway does not retry again (it retries UNAVAILABLE) and the run's failure names it.
     */
    static StatusRuntimeException endpointFailed(Throwable e) {
        return Status.INTERNAL.withDescription(e.getMessage()).asRuntimeException();
    }

    /** {@code Score}: the cross-encoder's pair path, batched with other callers' pairs like {@code Embed}'s texts. */
    @Override
    public Uni<ScoreResponse> score(ScoreRequest request) {
        long start = System.nanoTime();
        return Uni.createFrom().item(() -> preparePairs(request))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .onItem().transformToUni(prepared -> Uni.createFrom().completionStage(prepared.vectors())
                        .map(scores -> EmbedMapper.scores(model.card(), request.getRequestId(), scores,
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
            Encoder encoder = model.encoder();
            InfoResponse info = EmbedMapper.info(model.card(), encoder != null ? encoder.device() : "loading",
                    encoder != null ? encoder.provenance() : null, config.maxRequestTexts());
            LanguageAdapters adapters = model.adapters();
            return adapters.isEmpty() ? info
                    : info.toBuilder().putAllAdapters(adapters.digests()).setAdapterPivot(adapters.pivot()).build();
        });
    }

    /** A validated request, tokenized and queued. */
    private record Prepared(CompletableFuture<float[][]> vectors, long tokens, int truncated, OutputKind output) {
    }

    private Prepared prepare(EmbedRequest request) {
        Encoder encoder = readyEncoder();
        if (model.card().crossEncoder()) {
            throw Status.FAILED_PRECONDITION.withDescription("model " + model.card().id()
                    + " is a cross-encoder: it scores (query, document) pairs with Score, it embeds no text").asRuntimeException();
        }
        Role role = EmbedMapper.role(request.getRole()).orElseThrow(() -> invalid("role must be QUERY or DOCUMENT, got " + request.getRole()));
        OutputKind output = output(request);
        int count = request.getTextsCount();
        checkCount(count, "texts", "text");
        checkAlign(request, count);
        List<TokenizedText> texts = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String text = request.getTexts(i);
            if (text.isBlank()) {
                throw invalid("texts[" + i + "] is empty");
            }
            texts.add(tokenized("texts[" + i + "]", () -> encoder.tokenize(role, text)));
        }
        return submit(texts, output);
    }

    /** The output asked for; FAILED_PRECONDITION when the card does not declare it, INVALID_ARGUMENT with align. */
    private OutputKind output(EmbedRequest request) {
        OutputKind output = EmbedMapper.output(request.getOutput()).orElseThrow(() -> invalid("output " + request.getOutput()
                + " is not one of DENSE, SPARSE, MULTIVECTOR"));
        if (!model.card().outputs().contains(output)) {
            throw Status.FAILED_PRECONDITION.withDescription("model " + model.card().id() + " has no " + output.cardName()
                    + " output (its card declares " + model.card().outputs().stream().map(OutputKind::cardName).toList() + ")")
                    .asRuntimeException();
        }
        if (output != OutputKind.DENSE && request.getAlign()) {
            throw invalid("align maps dense vectors: it cannot be asked with output " + output.cardName());
        }
        return output;
    }

    private Prepared preparePairs(ScoreRequest request) {
        Encoder encoder = readyEncoder();
        if (!model.card().crossEncoder()) {
            throw Status.FAILED_PRECONDITION.withDescription("model " + model.card().id()
                    + (model.card().kind() == io.clirbench.encoders.ModelCard.Kind.BI_ENCODER ? " is a bi-encoder"
                            : " is a " + model.card().kind().cardName() + " model")
                    + ": it embeds texts with Embed; Score needs a cross-encoder card (\"kind\": \"cross-encoder\")")
                    .asRuntimeException();
        }
        int count = request.getPairsCount();
        checkCount(count, "pairs", "pair");
        List<TokenizedText> pairs = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            ScorePair pair = request.getPairs(i);
            if (pair.getQuery().isBlank()) {
                throw invalid("pairs[" + i + "].query is empty");
            }
            if (pair.getDocument().isBlank()) {
                throw invalid("pairs[" + i + "].document is empty");
            }
            pairs.add(tokenized("pairs[" + i + "]", () -> encoder.tokenizePair(pair.getQuery(), pair.getDocument())));
        }
        return submit(pairs, OutputKind.DENSE);
    }

    /** The encoder once the model is READY; UNAVAILABLE while it loads or after it failed. */
    private Encoder readyEncoder() {
        Encoder encoder = model.encoder();
        if (model.state() != LoadedModel.State.READY || encoder == null || model.batcher() == null) {
            String why = model.state() == LoadedModel.State.FAILED ? " failed to load: " + model.failure() : " is loading";
            throw Status.UNAVAILABLE.withDescription("model " + config.modelCard() + why).asRuntimeException();
        }
        return encoder;
    }

    private void checkCount(int count, String field, String item) {
        if (count == 0) {
            throw invalid(field + " is empty: send at least one " + item);
        }
        if (count > config.maxRequestTexts()) {
            throw invalid(field + " holds " + count + " " + item + "s, over the limit of " + config.maxRequestTexts() + " per request");
        }
    }

    private static TokenizedText tokenized(String what, java.util.function.Supplier<TokenizedText> tokenize) {
        try {
            return tokenize.get();
        } catch (TextTokenizer.TextTooLongException e) {
            throw invalid(what + ": " + e.getMessage());
        }
    }

    /** Queues tokenized inputs; RESOURCE_EXHAUSTED when the queue is full. */
    private Prepared submit(List<TokenizedText> inputs, OutputKind output) {
        long tokens = 0;
        int truncated = 0;
        for (TokenizedText t : inputs) {
            tokens += t.length();
            truncated += t.truncated() ? 1 : 0;
        }
        try {
            return new Prepared(model.batcher(output).submit(inputs), tokens, truncated, output);
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
