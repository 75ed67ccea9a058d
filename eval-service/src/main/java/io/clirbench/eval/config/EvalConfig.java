package io.clirbench.eval.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/** The one typed configuration of the eval-service (prefix {@code eval}). */
@ConfigMapping(prefix = "eval")
public interface EvalConfig {

    /** Where the H2 file database lives (the default, non-PostgreSQL setup). */
    Path dataDir();

    /** How many loaded datasets (location + version) are kept in memory. */
    @WithDefault("4")
    int datasetCacheSize();

    /** The evaluation pool and the queue every replica shares (README "Evaluation pool and replicas"). */
    Evaluation evaluation();

    /**
     * Costs are in query-resamples: queries x retrievers x max(1, B), the number of per-query metric
     * vectors the report's bootstrap draws (one per query and retriever without a bootstrap).
     */
    interface Evaluation {

        /** Evaluations this replica runs at once; with 2 or more, the last thread takes small runs only. */
        @WithDefault("2")
        int threads();

        /** A run of at most this cost is small: the reserved thread takes it, so no large run holds it back. */
        @WithDefault("50000000")
        long smallCost();

        /** A run estimated above this cost is refused at RunStarted: FAILED with the estimate in its message. */
        @WithDefault("2000000000")
        long maxCost();

        /** How long a replica's claim on an evaluation lasts unless renewed; another replica takes it over after. */
        @WithDefault("15s")
        Duration lease();

        /** How often an idle worker looks for queued evaluations (other replicas' runs, expired leases). */
        @WithDefault("1s")
        Duration pollInterval();

        /** Claims of one evaluation after which it fails (each replica that claimed it died or stopped first). */
        @WithDefault("3")
        int maxClaims();

        /**
         * This replica's name in leases; default host name, process id and a random suffix. Two live processes must
         * never share one (each would renew the other's leases); a process started under a name gives back, at start,
         * what a previous process of that name held.
         */
        Optional<String> replicaId();
    }
}
