package io.clirbench.embedder.model;

import io.clirbench.embedder.config.EmbedderConfig;
import io.clirbench.encoders.DynamicBatcher;
import io.clirbench.encoders.Encoder;
import io.clirbench.encoders.ModelCard;
import io.clirbench.encoders.ModelCardReader;
import io.clirbench.encoders.Role;
import io.clirbench.encoders.TokenizedText;
import io.clirbench.embedder.metrics.EmbedderMetrics;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jboss.logging.Logger;

/**
 * The one model of this process. The card is read and validated at startup (a bad card stops
 * the application); the weights load and warm up on a background thread, during which
 * requests get UNAVAILABLE and readiness is DOWN.
 */
@ApplicationScoped
public class LoadedModel {

    /** Lifecycle of the model. */
    public enum State { LOADING, READY, FAILED }

    private static final Logger LOG = Logger.getLogger(LoadedModel.class);

    private final EmbedderConfig config;
    private final EmbedderMetrics metrics;
    private final Event<State> stateEvents;
    private volatile ModelCard card;
    private volatile io.clirbench.encoders.LanguageAdapters adapters = io.clirbench.encoders.LanguageAdapters.NONE;
    private volatile State state = State.LOADING;
    private volatile String failure;
    private volatile Encoder encoder;
    private volatile DynamicBatcher batcher;
    /** The batchers of the card's sparse and multivector outputs (one queue per output, so a batch computes one output). */
    private volatile java.util.Map<io.clirbench.encoders.OutputKind, DynamicBatcher> tokenBatchers = java.util.Map.of();
    private volatile String setup = "";
    private volatile Thread loader;

    public LoadedModel(EmbedderConfig config, EmbedderMetrics metrics, Event<State> stateEvents) {
        this.config = config;
        this.metrics = metrics;
        this.stateEvents = stateEvents;
    }

    void onStart(@Observes StartupEvent event) {
        validate(config);
        card = ModelCardReader.read(config.modelCard());
        adapters = io.clirbench.encoders.LanguageAdapters.read(config.modelCard(), card.outputDimension());
        stateEvents.fire(State.LOADING);
        loader = Thread.ofPlatform().name("embed-model-loader").daemon().start(this::load);
    }

    /** Settings that cannot work together stop the application at startup. */
    static void validate(EmbedderConfig config) {
        if (config.maxRequestTexts() > config.batching().queueCapacity()) {
            throw new IllegalArgumentException("embedder.max-request-texts (" + config.maxRequestTexts()
                    + ") is above embedder.batching.queue-capacity (" + config.batching().queueCapacity()
                    + "): a request that large could never be queued; raise embedder.batching.queue-capacity"
                    + " or lower embedder.max-request-texts");
        }
    }

    void onStop(@Observes ShutdownEvent event) throws Exception {
        // a stop while the model is still loading waits for the loader (bounded): the JVM exiting while ONNX Runtime
        // creates its session in native code crashed a test JVM once (SIGSEGV in OrtSession.createSession), and
        // what the loader creates after this point would never be closed
        Thread running = loader;
        if (running != null) {
            running.join(TimeUnit.SECONDS.toMillis(60));
        }
        if (batcher != null) {
            batcher.close();
        }
        for (DynamicBatcher b : tokenBatchers.values()) {
            b.close();
        }
        if (encoder != null) {
            encoder.close();
        }
    }

    /** Runs the warm-up; replaceable in tests (package-private). */
    interface WarmUp {
        void run(Encoder encoder, DynamicBatcher batcher) throws Exception;
    }

    WarmUp warmUp = LoadedModel::warmUp;

    void load() {
        Encoder loaded = null;
        DynamicBatcher created = null;
        try {
            long start = System.nanoTime();
            int cpus = Runtime.getRuntime().availableProcessors();
            boolean remote = card.kind() == ModelCard.Kind.REMOTE;
            // a served model batches as its endpoint allows, with as many batches in flight as it may have requests
            int maxTexts = remote ? card.endpoint().maxTextsPerRequest() : config.batching().batchVariantModels()
                    ? config.batching().maxTexts() : card.maxTextsPerCall(config.batching().maxTexts());
            // one text per call gains nothing from many intra-op threads: run one call per CPU instead
            int workers = Math.max(1, config.batching().workers().orElse(remote ? card.endpoint().maxConcurrency()
                    : maxTexts == 1 ? cpus : 1));
            int threads = config.intraOpThreads().orElse(Math.max(1, cpus / workers));
            loaded = Encoder.load(card, threads, config.device(), config.spinning());
            DynamicBatcher.Settings settings = new DynamicBatcher.Settings(config.batching().maxTokens(), maxTexts,
                    config.batching().maxWait().toNanos(), config.batching().queueCapacity(), workers);
            created = new DynamicBatcher(loaded::encode, settings, metrics);
            java.util.Map<io.clirbench.encoders.OutputKind, DynamicBatcher> others =
                    new java.util.EnumMap<>(io.clirbench.encoders.OutputKind.class);
            for (io.clirbench.encoders.OutputKind kind : card.outputs()) {
                if (kind != io.clirbench.encoders.OutputKind.DENSE) {
                    Encoder e = loaded;
                    others.put(kind, new DynamicBatcher(batch -> e.encode(batch, kind), settings, metrics));
                }
            }
            tokenBatchers = java.util.Map.copyOf(others);
            // a served model is warm already: a warm-up would only call the endpoint, and fail the pod for good when
            // the endpoint is down at startup instead of failing the requests while it is
            if (config.warmUp() && !remote) {
                warmUp.run(loaded, created);
            }
            encoder = loaded;
            batcher = created;
            metrics.bindQueue(created);
            state = State.READY;
            stateEvents.fire(State.READY);
            setup = String.format(java.util.Locale.ROOT, "%s, %d intra-op threads x %d workers, batches of at most %d texts",
                    loaded.device(), threads, workers, maxTexts);
            LOG.infof("model %s ready on %s (%d intra-op threads x %d workers) in %d ms", card.id(), loaded.device(),
                    threads, workers, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
        } catch (Exception | LinkageError e) {
            // what was created before the failure (worker threads, ORT session, tokenizer) is released
            closeQuietly(created, e);
            tokenBatchers.values().forEach(b -> closeQuietly(b, e));
            tokenBatchers = java.util.Map.of();
            closeQuietly(loaded, e);
            failure = e.getMessage();
            state = State.FAILED;
            stateEvents.fire(State.FAILED);
            LOG.errorf(e, "model card %s could not be loaded", config.modelCard());
        }
    }

    private static void closeQuietly(AutoCloseable resource, Throwable cause) {
        if (resource == null) {
            return;
        }
        try {
            resource.close();
        } catch (Exception e) {
            cause.addSuppressed(e);
        }
    }

    private static void warmUp(Encoder encoder, DynamicBatcher batcher) throws Exception {
        List<TokenizedText> texts = new ArrayList<>();
        for (int i = 0; i < 16; i++) {
            String text = "warm-up text number " + i + " ".repeat(i) + "with a few words".repeat(i % 4);
            texts.add(encoder.card().crossEncoder() ? encoder.tokenizePair("warm-up query " + i, text)
                    : encoder.tokenize(Role.DOCUMENT, text));
        }
        // in pieces the queue can hold, so that a small queue-capacity does not fail the warm-up
        int piece = Math.min(texts.size(), batcher.capacity());
        for (int round = 0; round < 3; round++) {
            for (int from = 0; from < texts.size(); from += piece) {
                batcher.submit(texts.subList(from, Math.min(texts.size(), from + piece))).get(60, TimeUnit.SECONDS);
            }
        }
    }

    /** Device, threads, workers and batch limit, once READY. */
    public String describe() {
        return setup;
    }

    public State state() {
        return state;
    }

    /** Why loading failed; null unless FAILED. */
    public String failure() {
        return failure;
    }

    /** The card's language adapters (read with the card; {@code NONE} when it has none). */
    public io.clirbench.encoders.LanguageAdapters adapters() {
        return adapters;
    }

    /** The card (read at startup, before the weights). */
    public ModelCard card() {
        return card;
    }

    /** Non-null once READY. */
    public Encoder encoder() {
        return encoder;
    }

    /** Non-null once READY. */
    public DynamicBatcher batcher() {
        return batcher;
    }

    /** The batcher of one of the card's outputs once READY; null for an output the card does not declare. */
    public DynamicBatcher batcher(io.clirbench.encoders.OutputKind kind) {
        return kind == io.clirbench.encoders.OutputKind.DENSE ? batcher : tokenBatchers.get(kind);
    }
}
