package io.clirbench.eval.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.nio.file.Path;

/** The one typed configuration of the eval-service (prefix {@code eval}). */
@ConfigMapping(prefix = "eval")
public interface EvalConfig {

    /** Where the H2 file database lives (the default, non-PostgreSQL setup). */
    Path dataDir();

    /** How many loaded datasets (location + version) are kept in memory. */
    @WithDefault("4")
    int datasetCacheSize();
}
