package io.clirbench.gateway.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Configuration of the gateway (prefix {@code gateway}); see README "Configuration". */
@ConfigMapping(prefix = "gateway")
public interface GatewayConfig {

    /** Datasets uploaded as zip, temporary files and the H2 database live here. */
    @WithDefault("data/gateway")
    String dataDir();

    Index index();

    Eval eval();

    /** Model id → its embedder endpoints (merged with {@link #encodersDir()} by EncoderEndpoints). */
    Map<String, Encoder> encoders();

    /**
     * A directory of files named by model id holding its endpoints (a mounted ConfigMap); read at start,
     * wins over {@link #encoders()} for the same id. Unset: properties only.
     */
    Optional<Path> encodersDir();

    /**
     * host:port of a name that resolves to every embedder (a headless Service selecting all embedder
     * pods): each address is asked for Info and grouped by the model id it reports; configured models
     * win for the same id. Unset: no discovery.
     */
    Optional<String> encodersDiscovery();

    /**
     * The lexicon cache of {@code bench dict fetch} (one folder per direction, {@code de-en/lexicon.tsv.gz}),
     * read by {@code translate(bm25)}. Unset: {@code <data-dir>/lexicons}.
     */
    Optional<Path> lexiconDir();

    Embed embed();

    Runs runs();

    Search search();

    Upload upload();

    Datasets datasets();

    Request request();

    Preflight preflight();

    interface Index {
        /** host:port of the index-service (gRPC). */
        @WithDefault("localhost:8082")
        String target();

        /**
         * How long a call refused with UNAVAILABLE (the index-service killed, restarting, or unreachable) is tried again,
         * with a growing pause of 0.25 to 5 s, before the retriever fails (README "Faults").
         */
        @WithDefault("2m")
        Duration waitForService();
    }

    interface Eval {
        @WithDefault("http://localhost:8083")
        String url();

        @WithDefault("500ms")
        Duration pollInterval();

        /** A run still not evaluated after this long fails. */
        @WithDefault("30m")
        Duration timeout();
    }

    interface Encoder {
        /** host:port of each embedder pod serving this model. */
        List<String> endpoints();
    }

    interface Embed {
        @WithDefault("32")
        int batchTexts();

        @WithDefault("2")
        int inFlightPerEndpoint();

        /** Tries of one batch on UNAVAILABLE or RESOURCE_EXHAUSTED before the run fails. */
        @WithDefault("5")
        int attempts();

        @WithDefault("120s")
        Duration deadline();

        /**
         * How long a batch refused with UNAVAILABLE by every endpoint of its model (no replica answers: killed,
         * restarting) keeps trying (every 2 s at most) after its {@link #attempts()} before its retriever fails; the
         * run says meanwhile that it is waiting for an encoder (README "Faults").
         */
        @WithDefault("5m")
        Duration waitForReplica();

        /**
         * Whether vectors are looked up in the embedding cache before texts go to the embedders (they are stored in it
         * either way); false sends every text to the embedders (the fault tests, which need embedder calls on every run).
         */
        @WithDefault("true")
        boolean cache();
    }

    interface Runs {
        /**
         * Runs executing at once, retrieval and QA runs together (at least 1); more wait first in, first out, each
         * showing its place in line. A run holds its place until it is EVALUATING or ends.
         */
        @WithDefault("2")
        int maxConcurrent();

        /**
         * How long a replica's ownership of a run holds without being renewed (every second while it runs or watches
         * it); when it lapses (the replica died) another replica resumes the run (README "Faults"). At least 3 s.
         */
        @WithDefault("15S")
        java.time.Duration lease();

        /**
         * This replica's name in the run leases; a gateway restarted under the same name resumes its runs at once,
         * without waiting for their leases to lapse. Default: HOST:PORT (on Kubernetes the pod name and port).
         */
        java.util.Optional<String> instanceId();
    }

    interface Search {
        @WithDefault("64")
        int batchQueries();
    }

    interface Upload {
        /** The zip as sent. */
        @WithDefault("536870912")
        long maxBytes();

        /** Entries of one zip (files and folders), counted from its central directory before anything is inflated. */
        @WithDefault("10000")
        int maxEntries();

        /** All entries inflated, counted as they stream. */
        @WithDefault("4294967296")
        long maxUncompressedBytes();

        /** Inflated bytes per byte of the zip, checked as they stream (a zip bomb passes it early). */
        @WithDefault("100")
        double maxRatio();
    }

    interface Datasets {
        /**
         * The directories under which a dataset may be registered by path (comma list; real paths
         * after resolving symbolic links). Unset: {@code <data-dir>/datasets} only.
         */
        Optional<List<String>> roots();
    }

    interface Request {
        /** A request body other than an upload (JSON), by its Content-Length. */
        @WithDefault("1048576")
        long maxJsonBytes();
    }

    /**
     * The limits a run is checked against at submit (bench-core {@code RunSizeEstimate}, {@code RunSizeLimits}; README
     * "Preflight at submit"): over a limit the run is refused (400), near one it is accepted with a warning.
     */
    interface Preflight {
        /**
         * The eval-service's {@code eval.evaluation.max-cost} (query-resamples: queries x retrievers x max(1, B)), which
         * the gateway cannot read: keep the two equal. Above it the run is refused here instead of failing there.
         */
        @WithDefault("2000000000")
        long evalMaxCost();

        /**
         * The eval-service's maximum heap (bench up starts it with -Xmx1g): a run whose evaluation needs more is refused,
         * one that needs over 3/4 of it is warned about. Set it to the eval-service's -Xmx where that is larger.
         */
        @WithDefault("1073741824")
        long evalHeapBytes();

        /** The eval-service's database growth for one run above which the run is warned about (no refusal: the gateway cannot see that disk). */
        @WithDefault("10737418240")
        long evalStorageWarnBytes();
    }
}
