package io.clirbench.embedder.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.OptionalInt;

/** Typed configuration of the embedder-service (prefix {@code embedder}). */
@ConfigMapping(prefix = "embedder")
public interface EmbedderConfig {

    /** The model card: {@code classpath:models/<id>.json} (built-in catalogue) or a file path. */
    @WithDefault("classpath:models/all-minilm-l6-v2.json")
    String modelCard();

    /** {@code auto} (CUDA when the runtime has it), {@code cpu}, {@code cuda} or {@code cuda:N}. */
    @WithDefault("auto")
    String device();

    /** ORT intra-op threads per worker; default: the CPUs this pod may use divided among the workers. */
    OptionalInt intraOpThreads();

    /** Let ORT's idle intra-op threads spin (a little faster on dedicated cores, a waste on shared ones). */
    @WithDefault("false")
    boolean spinning();

    /** The most texts one Embed request (or stream chunk) may hold. */
    @WithDefault("256")
    int maxRequestTexts();

    /** Run a few batches through the model before readiness turns UP. */
    @WithDefault("true")
    boolean warmUp();

    Batching batching();

    /** Dynamic batching across callers. */
    interface Batching {

        /** Padded tokens (texts x longest text) one inference call may hold. */
        @WithDefault("8192")
        int maxTokens();

        /** Texts one inference call may hold (1 is forced for models that are not batch-invariant). */
        @WithDefault("64")
        int maxTexts();

        /** How long a worker waits for more texts before running a small batch. */
        @WithDefault("2ms")
        Duration maxWait();

        /** Texts queued or in flight before requests get RESOURCE_EXHAUSTED. */
        @WithDefault("4096")
        int queueCapacity();

        /**
         * Batch models whose card says {@code "batchInvariant": false} anyway: more throughput,
         * but a text's vector then depends on the texts batched with it (not reproducible).
         */
        @WithDefault("false")
        boolean batchVariantModels();

        /**
         * Inference threads pulling from the queue; default 1 for batched models, one per CPU
         * (each with one intra-op thread) for models run one text per call.
         */
        OptionalInt workers();
    }
}
